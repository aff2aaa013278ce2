#!/usr/bin/env bash
# Builds core and the benchmarks module, then runs FileIndexBenchmark (docs/file-index.md) in its own JVM: a point
# query on a bloom-filter-indexed column versus the same table without the index. Parameters are system properties:
#   benchmarks/run-file-index-benchmark.sh -Dbench.files=100 -Dbench.rows=20000 -Dbench.iterations=5
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B package -DskipTests -pl benchmarks -am ${MVN_ARGS:-}
exec java -Xmx2g "$@" \
  -cp "benchmarks/target/test-classes:core/target/classes:$(cat benchmarks/target/classpath.txt)" \
  io.strata.benchmarks.FileIndexBenchmark
