#!/usr/bin/env bash
# Builds core and the benchmarks module, then runs UpsertBenchmark in its own JVM (docs/benchmarks.md).
# Parameters are system properties, e.g.: benchmarks/run-upsert-benchmark.sh -Dbench.rows=200000 -Dbench.formats=orc
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B package -DskipTests -pl benchmarks -am ${MVN_ARGS:-}
# core/target/classes first: the freshly built core wins over any strata-core jar on the class path.
exec java -Xmx2g "$@" \
  -cp "benchmarks/target/test-classes:core/target/classes:$(cat benchmarks/target/classpath.txt)" \
  io.strata.benchmarks.UpsertBenchmark
