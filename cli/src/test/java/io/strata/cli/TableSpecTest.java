package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableSpecTest {

    @Test
    void parsesColumnsAndClauses() {
        TableSpec s = TableSpec.parse("a DECIMAL(10, 2) NOT NULL COMMENT 'x, y', b MAP<STRING, ARRAY<INT>>, "
                + "c TIMESTAMP(3) WITH LOCAL TIME ZONE, PRIMARY KEY (a), partitioned by (b), "
                + "WITH ('bucket' = '4', 'k' = 'it''s'), COMMENT 'table'");
        assertThat(s.columns()).extracting(c -> c.name() + " " + c.type().asSqlString()).containsExactly(
                "a DECIMAL(10, 2) NOT NULL", "b MAP<STRING, ARRAY<INT>>", "c TIMESTAMP(3) WITH LOCAL TIME ZONE");
        assertThat(s.columns().get(0).comment()).isEqualTo("x, y");
        assertThat(s.primaryKey()).containsExactly("a");
        assertThat(s.partitionKeys()).containsExactly("b");
        assertThat(s.options()).containsEntry("bucket", "4").containsEntry("k", "it's");
        assertThat(s.comment()).isEqualTo("table");
    }

    @Test
    void errorsNameTheEntry() {
        assertThatThrownBy(() -> TableSpec.parse("a INT, b VARCHAR(")).hasMessageContaining("Unbalanced");
        assertThatThrownBy(() -> TableSpec.parse("a INT, b FOO")).hasMessageContaining("Column 'b'")
                .hasMessageContaining("unknown type 'FOO'");
        assertThatThrownBy(() -> TableSpec.parse("a INT, WITH (bucket = 4)")).hasMessageContaining("Invalid option 'bucket = 4'");
        assertThatThrownBy(() -> TableSpec.parse("a INT, PRIMARY KEY a")).hasMessageContaining("Cannot read 'PRIMARY KEY a'");
        assertThatThrownBy(() -> TableSpec.parse("a")).hasMessageContaining("Cannot read 'a'");
    }
}
