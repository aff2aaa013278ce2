package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/table-options.md documents every option Strata declares. */
class TableOptionsDocTest {

    @Test
    void everyOptionIsDocumented() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "table-options.md"));
        for (ConfigOption<?> option : TableOptions.ALL) {
            assertThat(doc).as("docs/table-options.md").contains("`" + option.key() + "`");
        }
    }
}
