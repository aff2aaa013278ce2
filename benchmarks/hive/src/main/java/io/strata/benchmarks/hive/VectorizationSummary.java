package io.strata.benchmarks.hive;

import java.util.ArrayList;
import java.util.List;

/** The lines of an EXPLAIN VECTORIZATION plan that say how its first map work reads and whether it is vectorized. */
final class VectorizationSummary {

    private static final List<String> KEYS = List.of("vectorized:", "enabledConditionsMet:", "enabledConditionsNotMet:",
            "notVectorizedReason:", "inputFileFormats:");

    private VectorizationSummary() {
    }

    static String of(List<String> plan) {
        List<String> picked = new ArrayList<>();
        boolean inMap = false;
        for (String raw : plan) {
            String line = raw.trim();
            if (line.startsWith("Map Vectorization:")) {
                inMap = true;
                continue;
            }
            if (inMap && (line.startsWith("Reduce Vectorization:") || line.startsWith("Stage:"))) {
                break;
            }
            if (inMap) {
                for (String key : KEYS) {
                    if (line.startsWith(key)) {
                        picked.add(line);
                    }
                }
            }
        }
        return picked.isEmpty() ? "no Map Vectorization section in the plan" : String.join("; ", picked);
    }

    /** What the plan's vectorization lines mean, in the terms of docs/benchmarks.md. */
    static String mode(String summary) {
        if (!summary.contains("vectorized: true")) {
            return "not vectorized";
        }
        if (summary.contains("use.vectorized.input.format IS true")) {
            return "vectorized input format";
        }
        if (summary.contains("use.vector.serde.deserialize IS true")) {
            return "vector deserialize";
        }
        if (summary.contains("use.row.serde.deserialize IS true")) {
            return "row deserialize";
        }
        return "vectorized";
    }
}
