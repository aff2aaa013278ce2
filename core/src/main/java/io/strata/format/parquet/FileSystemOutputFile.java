package io.strata.format.parquet;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import io.strata.fs.FileIO;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet output file created through {@link FileIO}. Parquet's own HadoopOutputFile resolves the
 * file system from the path itself, which for {@code file:} paths is the checksumming local FS that
 * leaves {@code .crc} files beside data files (and forks a chmod per file); FileIO avoids both.
 */
final class FileSystemOutputFile implements OutputFile {

    private final Path path;
    private final FSDataOutputStream out;
    private boolean handedOut;

    /** Creates the file now (failing if it exists), so that a writer that starts later finds it made. */
    FileSystemOutputFile(FileIO io, Path path) throws IOException {
        this.path = path;
        this.out = io.create(path, false);
    }

    /** Closes the file when no Parquet writer ever took it. */
    void closeUnused() throws IOException {
        if (!handedOut) {
            handedOut = true;
            out.close();
        }
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
        return open();
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return open();
    }

    private PositionOutputStream open() throws IOException {
        if (handedOut) {
            throw new IOException("Parquet file " + path + " is already being written");
        }
        handedOut = true;
        return new PositionOutputStream() {
            @Override
            public long getPos() throws IOException {
                return out.getPos();
            }

            @Override
            public void write(int b) throws IOException {
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        };
    }

    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return 0;
    }

    @Override
    public String getPath() {
        return path.toString();
    }
}
