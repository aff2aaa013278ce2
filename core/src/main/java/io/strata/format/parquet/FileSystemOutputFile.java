package io.strata.format.parquet;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet output file on a given Hadoop FileSystem. Parquet's own HadoopOutputFile resolves the
 * file system from the path itself, which for {@code file:} paths is the checksumming local FS that
 * leaves {@code .crc} files beside data files; Strata passes the raw FS chosen by {@code FileIO}.
 */
final class FileSystemOutputFile implements OutputFile {

    private final FileSystem fs;
    private final Path path;

    FileSystemOutputFile(FileSystem fs, Path path) {
        this.fs = fs;
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
        FSDataOutputStream out = fs.create(path, overwrite);
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
