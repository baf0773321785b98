#!/usr/bin/env bash
# SQLite write throughput: N writes from C concurrent tasks on a fresh file (WAL,
# synchronous=FULL), three ways in one run: the previous store's path (sqlite-nio, a thread
# hop per statement, one COMMIT per write), statements inline with group commit off, and
# group commit as the gateway runs it. Prints writes/s and COMMITs (fsyncs) per write.
# Release build.
#   bash scripts/bench_sqlite_writes.sh [writes, default 2000] [concurrency, default 32]
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build.
set -euo pipefail
cd "$(dirname "$0")/.."
writes=${1:-2000}
concurrency=${2:-32}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
swift build -c release "${scratch[@]}" --product TaplineBenchmarks 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/TaplineBenchmarks"
"$bin" sqlite-writes "$writes" "$concurrency"
