#!/usr/bin/env bash
# The long reliability suite (docs/reliability.md): 500 kill -9 crash trials, 500 commits per concurrent writer
# process, 100 commits under metastore faults, 100 killed syncs and 30 killed Hive processes by default, and the
# other reliability tests, printing their figures. ./mvnw -B verify runs the same tests with 6 crash trials, 10
# commits per writer, 15 under metastore faults, 2 killed syncs and 2 killed Hive processes (one per engine).
# Usage: reliability/run-reliability-suite.sh [trials] [commits per writer] [extra Maven arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
trials="${1:-500}"
commits="${2:-500}"
shift 2 || shift $# || true
# -am builds the modules the suite runs (core, the strata command); of their tests only these run.
./mvnw -B -pl reliability -am verify -Dtest=BitFlipTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test='CrashTrialsIT,HiveWriteCrashTrialsIT,SyncCrashTrialsIT,ConcurrentWritersIT,MetastoreFaultTrialsIT,BadInputCatalogueIT,CompactionBesideWriterProcessesIT' \
  -Dfailsafe.failIfNoSpecifiedTests=false -Dreliability.trials="$trials" -Dreliability.commits="$commits" \
  -Dreliability.metastore-commits=100 -Dreliability.sync-trials=100 -Dreliability.hive-trials=30 "$@" \
  | grep -E '^\[(CrashTrialsIT|HiveWriteCrashTrialsIT|SyncCrashTrialsIT|ConcurrentWritersIT|MetastoreFaultTrialsIT|CompactionBesideWriterProcessesIT|BitFlipTest)\]|^\[BadInputCatalogueIT\] [0-9]+ kinds|Tests run:|BUILD|ERROR'
