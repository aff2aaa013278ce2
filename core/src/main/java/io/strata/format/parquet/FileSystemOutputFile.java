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

    private final FileIO io;
    private final Path path;

    FileSystemOutputFile(FileIO io, Path path) {
        this.io = io;
        this.path = path;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
        return open(false);
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return open(true);
    }

    private PositionOutputStream open(boolean overwrite) throws IOException {
        FSDataOutputStream out = io.create(path, overwrite);
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
