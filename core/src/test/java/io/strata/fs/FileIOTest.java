package io.strata.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileIOTest {

    @TempDir
    Path dir;

    private final FileIO io = FileIO.local();

    private org.apache.hadoop.fs.Path path(String name) {
        return new org.apache.hadoop.fs.Path(dir.resolve(name).toUri());
    }

    @Test
    void atomicWriteIfAbsentHasExactlyOneWinnerAndLeavesNoTemporaryFiles() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            byte[] content = ("writer-" + i).getBytes(StandardCharsets.UTF_8);
            results.add(pool.submit(() -> io.tryAtomicWriteIfAbsent(path("snapshot-1"), content)));
        }
        int winners = 0;
        for (Future<Boolean> f : results) {
            winners += f.get() ? 1 : 0;
        }
        pool.shutdown();
        assertThat(winners).isEqualTo(1);
        assertThat(io.readUtf8(path("snapshot-1"))).startsWith("writer-");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("snapshot-1");
        }
    }

    @Test
    void overwriteReplacesAndNoChecksumFilesAppear() throws Exception {
        io.overwriteAtomic(path("LATEST"), "1".getBytes(StandardCharsets.UTF_8));
        io.overwriteAtomic(path("LATEST"), "2".getBytes(StandardCharsets.UTF_8));
        assertThat(io.readUtf8(path("LATEST"))).isEqualTo("2");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("LATEST");
        }
    }

    @Test
    void missingFilesAreNamed() {
        assertThatThrownBy(() -> io.readFully(path("nope")))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining("nope");
        assertThat(assertDoesNotThrowList()).isEmpty();
    }

    private List<String> assertDoesNotThrowList() {
        try {
            List<String> names = new ArrayList<>();
            for (var s : io.list(path("missing-dir"))) {
                names.add(s.getPath().getName());
            }
            return names;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void localCreateMakesParentsRefusesAnExistingFileAndOverwritesOnRequest() throws Exception {
        org.apache.hadoop.fs.Path file = path("a/b/data-1.orc");
        io.writeNew(file, "first".getBytes(StandardCharsets.UTF_8));
        assertThat(io.readUtf8(file)).isEqualTo("first");
        assertThatThrownBy(() -> io.writeNew(file, "second".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(org.apache.hadoop.fs.FileAlreadyExistsException.class).hasMessageContaining(file.toString());
        assertThat(io.readUtf8(file)).as("the existing file is left alone").isEqualTo("first");
        try (var out = io.create(file, true)) {
            out.write("third".getBytes(StandardCharsets.UTF_8));
            assertThat(out.getPos()).isEqualTo(5);
        }
        assertThat(io.readUtf8(file)).isEqualTo("third");
        try (Stream<Path> files = Files.list(dir.resolve("a/b"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("data-1.orc");
        }
    }

    @Test
    void localMkdirsIsIdempotentAndNamesAFileInTheWay() throws Exception {
        io.mkdirs(path("x/y"));
        io.mkdirs(path("x/y"));
        assertThat(Files.isDirectory(dir.resolve("x/y"))).isTrue();
        Files.writeString(dir.resolve("f"), "not a directory");
        assertThatThrownBy(() -> io.mkdirs(path("f"))).hasMessageContaining("Cannot create directory")
                .hasMessageContaining(path("f").toString());
    }

    @Test
    void eachLocalFileIoHasItsOwnConfigurationWithTheDefaults() {
        FileIO first = FileIO.local();
        FileIO second = FileIO.local();
        assertThat(first.hadoopConf()).isNotSameAs(second.hadoopConf());
        assertThat(first.hadoopConf().get("fs.defaultFS"))
                .isEqualTo(new org.apache.hadoop.conf.Configuration().get("fs.defaultFS"));
        first.hadoopConf().set("strata.test.key", "first");
        assertThat(second.hadoopConf().get("strata.test.key")).isNull();
        assertThat(FileIO.local().hadoopConf().get("strata.test.key")).isNull();
    }
}
