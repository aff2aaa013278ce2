#!/usr/bin/env bash
# Builds core, jobs and the benchmarks module, then runs one maintenance-job benchmark in its own JVM:
#   compaction    CompactionJobBenchmark (docs/compaction.md): a full compaction of one table with many buckets
#                 in one process and as a MapReduce job (Hadoop's local runner)
#   orphan-files  OrphanFilesJobBenchmark (docs/snapshot-lifecycle.md): orphan-file removal of one table with many
#                 partitions and buckets in one process and as a MapReduce job
# Parameters are system properties after the name, e.g.:
#   benchmarks/run-jobs-benchmark.sh compaction -Dbench.buckets=128 -Dbench.rows=4000000
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  compaction) main=io.strata.benchmarks.CompactionJobBenchmark ;;
  orphan-files) main=io.strata.benchmarks.OrphanFilesJobBenchmark ;;
  *) echo "usage: $0 compaction|orphan-files [-Dbench.<parameter>=<value> ...]" >&2; exit 2 ;;
esac
shift
./mvnw -q -B package -DskipTests -pl benchmarks -am ${MVN_ARGS:-}
exec java -Xmx2g "$@" \
  -cp "benchmarks/target/test-classes:core/target/classes:jobs/target/classes:$(cat benchmarks/target/classpath.txt)" \
  "$main"
