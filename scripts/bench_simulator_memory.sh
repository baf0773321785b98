#!/usr/bin/env bash
# Resident memory of the simulated processor under many sales: N approved sales (default
# 100 000) through one SimulatedProcessor configured as `tapline serve` configures it, in
# process. Prints VmRSS after a warm-up and every quarter of the run, and VmHWM (the peak);
# exits 1 when VmRSS grew more than the bound (MB) from the warm-up to the end. Release build.
# The books keep 20 000 ids by default, measured at 24 MB (about 1.2 KB an id) however many
# sales follow; the 32 MB bound is that and a margin. Unbounded, 100 000 sales grew 154 MB.
#   bash scripts/bench_simulator_memory.sh [sales, default 100000] [bound in MB, default 32]
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build; BUILD_CONFIGURATION=debug
# runs the debug build (CI's: the bound is on what the books keep, not on the optimiser).
set -euo pipefail
cd "$(dirname "$0")/.."
sales=${1:-100000}
bound=${2:-32}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
configuration=${BUILD_CONFIGURATION:-release}
swift build -c "$configuration" "${scratch[@]}" --product TaplineBenchmarks 2>&1 | tail -1
bin="$(swift build -c "$configuration" "${scratch[@]}" --show-bin-path)/TaplineBenchmarks"
"$bin" simulator "$sales" "$bound"
