package io.strata.table.compact;

import io.strata.data.GenericRow;
import io.strata.lsm.RecordCursor;
import io.strata.manifest.DataFileMeta;
import io.strata.table.store.RollingDataFileWriter;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.List;

/** A compaction's rewrite: every record of a cursor into new files, which are removed if it fails. */
final class CursorRewrite {

    private CursorRewrite() {}

    /**
     * Writes every record of the cursor {@code opener} opens with {@code writer} and returns the
     * files written; on failure the writer's files are deleted and the cursor closed.
     */
    static List<DataFileMeta> write(RollingDataFileWriter writer, CursorOpener opener, RowType rowType)
            throws IOException {
        try (RecordCursor cursor = opener.open()) {
            while (cursor.advance()) {
                // The writer keeps the last row as the file's max key: hand it a row it owns.
                writer.write(GenericRow.copyOf(cursor.value(), rowType), cursor.sequenceNumber(), cursor.kind());
            }
            return writer.finish();
        } catch (IOException | RuntimeException e) {
            writer.abort();
            throw e;
        }
    }

    /** Opens the cursor to rewrite; a failure to open it also removes what the writer has. */
    @FunctionalInterface
    interface CursorOpener {
        RecordCursor open() throws IOException;
    }
}
