package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which MERGE statements are an upsert by key, and the INSERT each becomes. */
class MergeAsUpsertTest {

    private static final List<String> COLUMNS = List.of("k", "v", "w");
    private static final List<String> KEY = List.of("k");

    private static MergeAsUpsert.Rewrite rewrite(String merge) {
        MergeAsUpsert parsed = MergeAsUpsert.parse(merge);
        assertThat(parsed).as("a MERGE: %s", merge).isNotNull();
        return parsed.rewrite(COLUMNS, KEY);
    }

    @Test
    void anUpsertByKeyBecomesAnInsertOfTheSourceRows() {
        MergeAsUpsert parsed = MergeAsUpsert.parse("MERGE INTO db.t AS t USING src AS u ON t.k = u.k\n"
                + "WHEN MATCHED THEN UPDATE SET v = u.v, w = upper(u.w)\n"
                + "WHEN NOT MATCHED THEN INSERT VALUES (u.k, u.v, UPPER(u.w))");
        assertThat(parsed.targetName()).containsExactly("db", "t");
        assertThat(parsed.rewrite(COLUMNS, KEY).insert())
                .isEqualTo("INSERT INTO db.t SELECT u.k, u.v, UPPER(u.w) FROM src AS u");
    }

    @Test
    void theInsertTakesItsValuesInTableOrderAndKeepsSubqueriesAndExplain() {
        assertThat(rewrite("explain merge into t using (select id, a, b from s where a > 1) x on x.id + 1 = t.k "
                + "when matched then update set w = (x.b + 1) * 2, v = 'A' "
                + "when not matched then insert (w, k, v) values ((x.b + 1) * 2, x.id + 1, 'A')").insert())
                .isEqualTo("explain INSERT INTO t SELECT x.id + 1, 'A', (x.b + 1) * 2 "
                        + "FROM (select id, a, b from s where a > 1) x");
    }

    @Test
    void aCompositeKeyNeedsEveryKeyColumnInTheOnClause() {
        MergeAsUpsert parsed = MergeAsUpsert.parse("MERGE INTO t USING s ON t.k = s.k AND t.v = s.v "
                + "WHEN MATCHED THEN UPDATE SET w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)");
        assertThat(parsed.rewrite(COLUMNS, List.of("k", "v")).insert())
                .isEqualTo("INSERT INTO t SELECT s.k, s.v, s.w FROM s");
        assertThat(parsed.rewrite(COLUMNS, List.of("k", "v", "w")).whyNot())
                .isEqualTo("its ON clause does not match every primary-key column");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "ON t.k = s.k AND s.v > 0 WHEN MATCHED THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|its ON clause is not only equalities of key columns",
        "ON t.v = s.v WHEN MATCHED THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|its ON clause compares something else than each primary-key column once",
        "ON t.k = s.k + t.v WHEN MATCHED THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|its ON clause reads the target ('t')",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|its UPDATE does not set every column outside the primary key",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = t.v + s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, t.v + s.v, s.w)"
            + "|the value of column 'v' reads the target ('t')",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, 'x')"
            + "|its INSERT gives column 'w' another value than its UPDATE",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v, w = 'a' WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, 'A')"
            + "|its INSERT gives column 'w' another value than its UPDATE",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k + 1, s.v, s.w)"
            + "|its INSERT gives column 'k' another value than its ON clause",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT (k, v) VALUES (s.k, s.v)"
            + "|its INSERT does not give a value for every column",
        "ON t.k = s.k WHEN MATCHED AND s.v > 0 THEN UPDATE SET v = s.v, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|a WHEN clause has an AND condition",
        "ON t.k = s.k WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|its WHEN clauses are not one UPDATE and one INSERT",
        "ON t.k = s.k WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v, s.w)"
            + "|its WHEN clauses are not one UPDATE and one INSERT",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = w, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, w, s.w)"
            + "|the value of column 'v' names column 'w' without a table, which may be the target's",
        "ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = DEFAULT, w = s.w WHEN NOT MATCHED THEN INSERT VALUES (s.k, DEFAULT, s.w)"
            + "|the value of column 'v' uses DEFAULT",
    })
    void anythingElseKeepsHivesMergeAndSaysWhy(String clauses, String why) {
        String statement = "MERGE INTO t USING s ON " + clauses.substring("ON ".length());
        assertThat(rewrite(statement).whyNot()).isEqualTo(why);
    }

    @Test
    void statementsWithoutAMergeHaveNone() {
        assertThat(MergeAsUpsert.parse("INSERT INTO t VALUES (1, 'a', 'b')")).isNull();
        assertThat(MergeAsUpsert.parse("EXPLAIN SELECT * FROM t")).isNull();
        assertThat(MergeAsUpsert.parse("MERGE INTO")).isNull();
        assertThat(MergeAsUpsert.parse(null)).isNull();
    }
}
