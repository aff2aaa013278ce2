#!/usr/bin/env bash
# The long reliability suite (docs/reliability.md): 500 kill -9 crash trials, 500 commits per concurrent writer
# process, 100 commits under metastore faults, 100 killed syncs and 30 killed Hive processes by default, and the
# other reliability tests, printing their figures. ./mvnw -B verify runs the same tests with 6 crash trials, 10
# commits per writer, 15 under metastore faults, 2 killed syncs and 1 killed Hive process (Tez).
# Usage: reliability/run-reliability-suite.sh [trials] [commits per writer] [extra Maven arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
trials="${1:-500}"
commits="${2:-500}"
shift 2 || shift $# || true
# -am builds the modules the suite runs (core, the strata command); of their tests only these run. Test output
# goes to the test reports, not to Maven's console: the figures are printed from the reports afterwards, and the
# reports of earlier runs are removed first so that none of their lines is shown as this run's.
tests='CrashTrialsIT|HiveWriteCrashTrialsIT|SyncCrashTrialsIT|ConcurrentWritersIT|MetastoreFaultTrialsIT|BadInputCatalogueIT|CompactionBesideWriterProcessesIT|BitFlipTest'
rm -rf ./*/target/failsafe-reports ./*/target/surefire-reports
log=reliability/target/reliability-suite.log
mkdir -p reliability/target
status=0
./mvnw -B -pl reliability -am verify -Dtest=BitFlipTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test="${tests//|/,}" \
  -Dfailsafe.failIfNoSpecifiedTests=false -Dreliability.trials="$trials" -Dreliability.commits="$commits" \
  -Dreliability.metastore-commits=100 -Dreliability.sync-trials=100 -Dreliability.hive-trials=30 \
  -Dreliability.objstore-writers=3 "$@" \
  > "$log" 2>&1 || status=$?
grep -E 'Tests run:|BUILD|ERROR' "$log" || true
echo "Figures of this run (Maven's output: $log):"
cat ./*/target/failsafe-reports/TEST-*.xml ./*/target/surefire-reports/TEST-*.xml 2>/dev/null \
  | sed 's/^.*<!\[CDATA\[//' | grep -E "^\[($tests)\]" | grep -vE '^\[BadInputCatalogueIT\] [^0-9]' | awk '!seen[$0]++' || true
exit "$status"
