package io.strata.format.parquet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;

/** Writes Parquet data files with real Apache Paimon (the oracle) through its filesystem catalog. */
final class PaimonOracle {

    private PaimonOracle() {}

    /** Creates table {@code db.t} under {@code warehouse}, writes the rows in one commit and returns its data files. */
    static List<Path> writeTable(Path warehouse, Schema schema, List<InternalRow> rows) throws Exception {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options, new org.apache.hadoop.conf.Configuration()))) {
            catalog.createDatabase("db", true);
            Identifier id = Identifier.create("db", "t");
            catalog.createTable(id, schema, false);
            Table table = catalog.getTable(id);
            BatchWriteBuilder builder = table.newBatchWriteBuilder();
            try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
                for (InternalRow row : rows) {
                    write.write(row);
                }
                commit.commit(write.prepareCommit());
            }
        }
        try (Stream<Path> files = Files.walk(warehouse)) {
            return files.filter(p -> p.getFileName().toString().startsWith("data-")
                            && p.getFileName().toString().endsWith(".parquet"))
                    .sorted()
                    .toList();
        }
    }

    /** The row type, with Paimon's field ids, of table {@code db.t} under {@code warehouse}. */
    static org.apache.paimon.types.RowType tableRowType(Path warehouse) throws Exception {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options, new org.apache.hadoop.conf.Configuration()))) {
            return catalog.getTable(Identifier.create("db", "t")).rowType();
        }
    }

    static Schema.Builder parquetSchema() {
        return Schema.newBuilder().options(Map.of("file.format", "parquet", "bucket", "-1"));
    }
}
