#!/usr/bin/env bash
# Builds core, the Hive connector and this module, then runs one of its benchmarks in its own JVM (docs/benchmarks.md):
#   benchmarks/hive/run-hive-benchmark.sh scan  [-Dbench.x=y ...]   HiveScanBenchmark
#   benchmarks/hive/run-hive-benchmark.sh write [-Dbench.x=y ...]   HiveWriteBenchmark
# Parameters are system properties, e.g.: benchmarks/hive/run-hive-benchmark.sh scan -Dbench.rows=20000 -Dbench.runs=1
# MVN_ARGS adds Maven arguments to the build (e.g. MVN_ARGS=-o for offline).
set -euo pipefail
case "${1:-}" in
  scan) main=io.strata.benchmarks.hive.HiveScanBenchmark ;;
  write) main=io.strata.benchmarks.hive.HiveWriteBenchmark ;;
  *) echo "usage: $0 scan|write [-Dbench.<option>=<value> ...]" >&2; exit 2 ;;
esac
shift
cd "$(dirname "$0")/../.."
./mvnw -q -B package -DskipTests -pl benchmarks/hive -am ${MVN_ARGS:-}
module=benchmarks/hive
tmp="$PWD/$module/target/tmp"
mkdir -p "$tmp"
# The connector as a user deploys it (its classes and core's), freshly built, ahead of any jar of them on the list.
exec java -Xmx3g \
  --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED \
  --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens java.base/java.util.regex=ALL-UNNAMED \
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
  --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED \
  --add-opens java.base/java.text=ALL-UNNAMED --add-opens java.sql/java.sql=ALL-UNNAMED \
  -Duser.timezone=UTC -Djava.io.tmpdir="$tmp" -Dhadoop.log.dir="$tmp" -Dderby.stream.error.file="$tmp/derby.log" \
  -Dlog4j.configurationFile="$PWD/$module/src/main/resources/hive-benchmark-log4j2.properties" \
  "$@" \
  -cp "$module/target/classes:hive-connector/target/classes:core/target/classes:$(cat $module/target/classpath.txt)" \
  "$main"
