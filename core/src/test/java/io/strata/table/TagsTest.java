package io.strata.table;

import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.local;
import static io.strata.table.LifecycleTables.rowsAt;
import static io.strata.table.LifecycleTables.rowsOfTag;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.snapshot.Tag;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tag and consumer API, and its errors. */
class TagsTest {

    @TempDir
    Path warehouse;

    @Test
    void createListReadAndDelete() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", "write-only", "true");
        commit(table, 1);
        commit(table, 2);
        Tag latest = table.tags().create("latest");
        assertThat(latest.snapshot().id()).isEqualTo(2L);
        assertThat(latest.timeRetained()).isNull();
        Tag first = table.tags().create("first", 1, Duration.ofDays(3));
        assertThat(first.timeRetained()).isEqualTo(Duration.ofDays(3));
        assertThat(first.createTime()).isNotNull();
        assertThat(table.tags().list()).extracting(Tag::name).containsExactly("first", "latest");
        assertThat(rowsOfTag(table, "first")).isEqualTo(rowsAt(table, 1));
        table.tags().delete("first");
        assertThat(table.tags().tag("first")).isEmpty();
    }

    @Test
    void tagDefaultTimeRetainedAppliesToNewTags() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", "write-only", "true",
                "tag.default-time-retained", "2 h");
        commit(table, 1);
        assertThat(table.tags().create("a").timeRetained()).isEqualTo(Duration.ofHours(2));
    }

    @Test
    void badInputFailsNamingItAndChangesNothing() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", "write-only", "true");
        assertThatThrownBy(() -> table.tags().create("empty")).hasMessageContaining("'empty'")
                .hasMessageContaining("has no snapshot");
        commit(table, 1);
        table.tags().create("one", 1);
        List<String> files = LifecycleTables.files(local(table));
        assertThatThrownBy(() -> table.tags().create("one", 1)).hasMessageContaining("Tag 'one' already exists");
        assertThatThrownBy(() -> table.tags().create("nine", 9)).hasMessageContaining("snapshot 9")
                .hasMessageContaining("'nine'");
        assertThatThrownBy(() -> table.tags().create(" ", 1)).hasMessageContaining("Invalid tag name");
        assertThatThrownBy(() -> table.tags().create("a/b", 1)).hasMessageContaining("Invalid tag name 'a/b'");
        // Issue 15: a newline in a tag name split `strata tags` listings across lines; shown escaped, refused.
        assertThatThrownBy(() -> table.tags().create("end\nof-month", 1))
                .hasMessageContaining("Invalid tag name 'end\\u000aof-month'").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> table.tags().create("a\\b", 1)).hasMessageContaining("Invalid tag name");
        assertThatThrownBy(() -> table.tags().create("r", 1, Duration.ZERO)).hasMessageContaining("retention");
        assertThatThrownBy(() -> table.tags().delete("nope")).hasMessageContaining("no tag 'nope'");
        assertThatThrownBy(() -> table.newScan().asOfTag("nope").plan()).hasMessageContaining("no tag 'nope'");
        assertThatThrownBy(() -> table.consumers().reset("", 1)).hasMessageContaining("Invalid consumer id");
        assertThatThrownBy(() -> table.consumers().reset("job", 0)).hasMessageContaining("'job'")
                .hasMessageContaining("at least 1");
        assertThat(table.consumers().consumer("absent")).isEmpty();
        assertThat(LifecycleTables.files(local(table))).isEqualTo(files);
    }
}
