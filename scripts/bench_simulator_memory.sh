#!/usr/bin/env bash
# Resident memory of the simulated processor under many sales: N approved sales (default
# 100 000) through one SimulatedProcessor configured as `tapline serve` configures it, in
# process. Prints VmRSS after a warm-up and every quarter of the run, and VmHWM (the peak);
# exits 1 when VmRSS grew more than the bound (MB) from the warm-up to the end. Release build.
#   bash scripts/bench_simulator_memory.sh [sales, default 100000] [bound in MB, default 16]
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build.
set -euo pipefail
cd "$(dirname "$0")/.."
sales=${1:-100000}
bound=${2:-16}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
swift build -c release "${scratch[@]}" --product TaplineBenchmarks 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/TaplineBenchmarks"
"$bin" simulator "$sales" "$bound"
