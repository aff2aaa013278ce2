#!/usr/bin/env bash
# The long reliability suite (docs/reliability.md): 500 kill -9 crash trials by default, and the other
# reliability tests, printing their figures. ./mvnw -B verify runs the same tests with few trials.
# Usage: reliability/run-reliability-suite.sh [trials] [extra Maven arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
trials="${1:-500}"
shift || true
./mvnw -B -pl reliability -am verify -Dtest=BitFlipTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dreliability.trials="$trials" "$@" | grep -E '^\[(CrashTrialsIT|CompactionBesideWriterProcessesIT|BitFlipTest)\]|Tests run:|BUILD|ERROR'
