#!/usr/bin/env bash
# Webhook deliveries per second through the real outbox worker (SQLite store, claim write,
# 8 concurrent signed POSTs over URLSession, record write) to a receiver on loopback, as a
# ratio against the same bodies POSTed straight through the same transport in the same run
# (these machines are noisy; only the ratio travels). Release build; loopback only.
#   bash scripts/bench_webhooks.sh [events, default 2000] [rounds, default 3]
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-2000}
rounds=${2:-3}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
swift build -c release "${scratch[@]}" --product TaplineBenchmarks 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/TaplineBenchmarks"
"$bin" webhooks "$events" "$rounds"
