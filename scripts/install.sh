#!/usr/bin/env bash
# Installs a release `tapline` on the PATH: builds it (`swift build -c release`), then copies
# the binary and its resources (the OpenAPI document, the dashboard's pages) to PREFIX/bin,
# default ~/.local/bin. Then `tapline …` replaces `swift run tapline …` (5 to 9 s each).
#   bash scripts/install.sh [PREFIX] [--no-build]
# --no-build copies what `swift build -c release` made already (CI builds the whole package
# just before, and a second build of the one product costs it 40 s).
# SCRATCH_PATH=/tmp/build-x uses that build directory instead of .build; BUILD_CONFIGURATION=debug
# installs the debug build instead (CI checks this script on the build it has).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-$HOME/.local}
configuration=${BUILD_CONFIGURATION:-release}
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
if [ "${2:-}" != --no-build ]; then swift build -c "$configuration" "${scratch[@]}" --product tapline 2>&1 | tail -1; fi
bin=$(swift build -c "$configuration" "${scratch[@]}" --show-bin-path)
mkdir -p "$prefix/bin"
install -m 0755 "$bin/tapline" "$prefix/bin/tapline"
# The binary finds its resources beside itself; replace the folder whole.
rm -rf "$prefix/bin/tapline_Gateway.resources"
cp -R "$bin/tapline_Gateway.resources" "$prefix/bin/"
echo "installed $("$prefix/bin/tapline" --version) at $prefix/bin/tapline"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "add it to your PATH: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
