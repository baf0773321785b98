#!/usr/bin/env bash
# The request path's parts (issue 28, part 4), each against the way it ran before, in the same
# run: token-verify (AuthMiddleware's bearer token: cache vs full verification), body-decode
# (JSONCoding.decode of a keyed sale: one tree vs JSONSerialization twice more), ids
# (RandomID vs Foundation's UUID() and vs UUID(uuid:) from SystemRandomNumberGenerator).
# Release build, one thread (pinned to one CPU when taskset exists); only the ratios travel.
#   bash scripts/bench_request_path.sh [parts, default all] [seconds per measurement, default 1] [rounds, default 5]
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=${1:-token-verify,body-decode,ids}
seconds=${2:-1}
rounds=${3:-5}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
swift build -c release "${scratch[@]}" --product TaplineBenchmarks 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/TaplineBenchmarks"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
"${pin[@]}" "$bin" request-path "$parts" "$seconds" "$rounds"
