package io.strata.format;

import io.strata.fs.FileIO;
import io.strata.predicate.Predicate;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * Opens readers and writers of one file format.
 *
 * <p>Writers: {@code fileType} is the exact row type of the file, with field ids (for primary-key
 * files: the {@code _KEY_} columns, {@code _SEQUENCE_NUMBER}, {@code _VALUE_KIND}, then the value
 * columns). Field ids are stored as Paimon stores them (ORC attribute {@code paimon.id}, Parquet
 * field_id); Paimon's Avro files store none.
 *
 * <p>Readers: {@code readType} names the fields wanted, by id (in Avro files, which carry no ids, by
 * name, or by id through the file's write type: see the reader that takes one); a field the file does not
 * have reads as null, a field the file stores as a narrower type reads widened (INT as BIGINT, FLOAT as
 * DOUBLE, ...). Any failure names the file.
 */
public interface FormatFactory {

    FormatWriter createWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException;

    FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException;

    /**
     * A reader that may leave out parts of the file (ORC row groups, Parquet row groups and pages) whose statistics show that no row
     * matches {@code skipFilter}, whose leaves name fields of {@code readType}. Rows of the parts it reads
     * are returned unfiltered; {@link FormatReader#batchPosition()} tells where each batch starts in the file
     * (deletion vectors are kept by position). Formats that cannot skip ignore it.
     */
    default FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize, Predicate skipFilter)
            throws IOException {
        return createReader(io, path, readType, batchSize);
    }

    /**
     * As {@link #createReader(FileIO, Path, RowType, int, Predicate)}, told the row type the file was written
     * with: {@code writeType} is the file type its writer got (field ids and the names they had in the
     * file's schema version; for primary-key files with the {@code _KEY_} and system columns), or null when
     * unknown. A format whose files carry no field ids (Avro: Paimon matches its fields by name) finds each
     * read field, by id, under the name it was written with, so that a renamed column is read and a column
     * added after the file was written reads as null even if a dropped column had its name; without
     * {@code writeType} such a format can only match by the read field's own name. Formats whose files carry
     * ids ignore it.
     */
    default FormatReader createReader(FileIO io, Path path, RowType readType, RowType writeType, int batchSize,
            Predicate skipFilter) throws IOException {
        return createReader(io, path, readType, batchSize, skipFilter);
    }

    /**
     * Fails, naming the column or the option, if this format cannot write files of a table with these
     * columns and this {@code file.compression}; checked when a table is created or its schema changes, as
     * Paimon checks a table's columns against its file format. Formats that write every type accept all.
     */
    default void validateWrite(RowType rowType, String compression) {}
}
