#!/usr/bin/env bash
# Card-data JWE opens per second (CompactJWE.open of a ~300-byte card payload) against an
# AES-256-GCM open of the same size measured in the same run; these machines are noisy, so
# only the ratio travels. Release build, one thread (pinned to one CPU when taskset exists).
#   bash scripts/bench_open.sh [seconds per measurement, default 2] [rounds, default 5]
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
rounds=${2:-5}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
swift build -c release "${scratch[@]}" --product TaplineBenchmarks 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/TaplineBenchmarks"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
"${pin[@]}" "$bin" open "$seconds" "$rounds"
