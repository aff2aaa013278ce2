package io.strata.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.impl.ReaderImpl;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Prints what the data files of a table directory are made of, read back with the ORC and Parquet
 * libraries: per file its size and rows; ORC stripes, compression, block size, row index stride and
 * column encodings; Parquet row groups, and per column chunk its codec, encodings, sizes, pages and
 * dictionary page. For comparing the files Strata writes with those Paimon writes
 * ({@code docs/benchmarks.md}, keep the benchmark's tables with {@code -Dbench.keep=<dir>}).
 *
 * <p>Usage: {@code DataFileReport <table directory>...}
 */
public final class DataFileReport {

    private DataFileReport() {}

    public static void main(String[] args) throws Exception {
        for (String arg : args) {
            List<Path> files;
            try (Stream<Path> paths = Files.walk(Path.of(arg))) {
                files = paths.filter(p -> p.getFileName().toString().startsWith("data-")).sorted().toList();
            }
            System.out.println("== " + arg + ": " + files.size() + " data files, "
                    + files.stream().mapToLong(DataFileReport::size).sum() + " bytes");
            boolean first = true;
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".orc")) {
                    orc(file, first);
                } else if (name.endsWith(".parquet")) {
                    parquet(file, first);
                }
                first = false;
            }
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One line per file; the first file of a table in detail. */
    private static void orc(Path file, boolean detail) throws IOException {
        Configuration conf = new Configuration();
        try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
                OrcFile.readerOptions(conf))) {
            List<StripeInformation> stripes = reader.getStripes();
            System.out.printf(Locale.ROOT, "%s: %,d bytes, %,d rows, %d stripes, %s block %d, row index stride %d,"
                            + " writer %s %s, file version %s%n",
                    file.getFileName(), size(file), reader.getNumberOfRows(), stripes.size(), reader.getCompressionKind(),
                    reader.getCompressionSize(), reader.getRowIndexStride(), reader.getSoftwareVersion(),
                    reader.getWriterVersion(), reader.getFileVersion());
            if (!detail) {
                return;
            }
            try (RecordReaderImpl rows = (RecordReaderImpl) reader.rows()) {
                for (int s = 0; s < stripes.size(); s++) {
                    StripeInformation stripe = stripes.get(s);
                    OrcProto.StripeFooter footer = rows.readStripeFooter(stripe);
                    System.out.printf(Locale.ROOT, "  stripe %d: %,d rows, index %,d, data %,d, footer %,d bytes%n", s,
                            stripe.getNumberOfRows(), stripe.getIndexLength(), stripe.getDataLength(),
                            stripe.getFooterLength());
                    List<String> names = reader.getSchema().getFieldNames();
                    for (int c = 0; c < footer.getColumnsCount(); c++) {
                        OrcProto.ColumnEncoding encoding = footer.getColumns(c);
                        long bytes = 0;
                        for (OrcProto.Stream stream : footer.getStreamsList()) {
                            if (stream.getColumn() == c && stream.getKind() != OrcProto.Stream.Kind.ROW_INDEX
                                    && stream.getKind() != OrcProto.Stream.Kind.BLOOM_FILTER_UTF8) {
                                bytes += stream.getLength();
                            }
                        }
                        System.out.printf(Locale.ROOT, "    column %d %s: %s%s, %,d data bytes%n", c,
                                c == 0 ? "(root)" : names.get(c - 1), encoding.getKind(),
                                encoding.getDictionarySize() > 0 ? " dictionary " + encoding.getDictionarySize() : "",
                                bytes);
                    }
                }
            }
            if (reader instanceof ReaderImpl impl) {
                System.out.println("  file metadata keys: " + impl.getMetadataKeys());
            }
        }
    }

    private static void parquet(Path file, boolean detail) throws IOException {
        Configuration conf = new Configuration();
        try (ParquetFileReader reader = ParquetFileReader.open(
                HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.toUri()), conf))) {
            ParquetMetadata footer = reader.getFooter();
            List<BlockMetaData> groups = footer.getBlocks();
            System.out.printf(Locale.ROOT, "%s: %,d bytes, %,d rows, %d row groups, created by %s%n",
                    file.getFileName(), size(file), reader.getRecordCount(), groups.size(),
                    footer.getFileMetaData().getCreatedBy());
            if (!detail) {
                return;
            }
            System.out.println("  key/value metadata: " + footer.getFileMetaData().getKeyValueMetaData().keySet());
            List<ColumnDescriptor> columns = footer.getFileMetaData().getSchema().getColumns();
            for (int g = 0; g < groups.size(); g++) {
                BlockMetaData group = groups.get(g);
                System.out.printf(Locale.ROOT, "  row group %d: %,d rows, %,d bytes (%,d compressed)%n", g,
                        group.getRowCount(), group.getTotalByteSize(), group.getCompressedSize());
                PageReadStore store = reader.readNextRowGroup();
                for (int c = 0; c < columns.size(); c++) {
                    ColumnChunkMetaData chunk = group.getColumns().get(c);
                    PageReader pages = store.getPageReader(columns.get(c));
                    DictionaryPage dictionary = pages.readDictionaryPage();
                    Map<String, Integer> pageEncodings = new TreeMap<>();
                    int pageCount = 0;
                    List<Integer> pageSizes = new ArrayList<>();
                    DataPage page;
                    while ((page = pages.readPage()) != null) {
                        pageCount++;
                        pageSizes.add(page.getUncompressedSize());
                        String kind = page instanceof DataPageV1 v1 ? "v1 " + v1.getValueEncoding() : "v2";
                        pageEncodings.merge(kind, 1, Integer::sum);
                    }
                    System.out.printf(Locale.ROOT, "    %s %s: %s, %s, %,d bytes (%,d uncompressed), %d pages %s,"
                                    + " page bytes %s, dictionary %s%n",
                            String.join(".", columns.get(c).getPath()), columns.get(c).getPrimitiveType().getPrimitiveTypeName(),
                            chunk.getCodec(), chunk.getEncodings(), chunk.getTotalSize(), chunk.getTotalUncompressedSize(),
                            pageCount, pageEncodings, pageSizes,
                            dictionary == null ? "none" : dictionary.getDictionarySize() + " entries, "
                                    + dictionary.getUncompressedSize() + " bytes");
                }
            }
        }
    }
}
