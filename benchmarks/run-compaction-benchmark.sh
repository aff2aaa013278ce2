#!/usr/bin/env bash
# Builds core, jobs and the benchmarks module, then runs CompactionJobBenchmark in its own JVM (docs/compaction.md):
# a full compaction of one table with many buckets in one process and as a MapReduce job (Hadoop's local runner).
# Parameters are system properties, e.g.: benchmarks/run-compaction-benchmark.sh -Dbench.buckets=128 -Dbench.rows=4000000
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B package -DskipTests -pl benchmarks -am ${MVN_ARGS:-}
exec java -Xmx2g "$@" \
  -cp "benchmarks/target/test-classes:core/target/classes:jobs/target/classes:$(cat benchmarks/target/classpath.txt)" \
  io.strata.benchmarks.CompactionJobBenchmark
