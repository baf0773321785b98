#!/usr/bin/env bash
# Type-checks Sources/TaplineSDKProximityReader (the iOS adapter over Apple's ProximityReader)
# on a machine without Apple's iOS SDK, against the stand-ins in Stubs/ that are transcribed
# from Apple's documentation. The same check runs in `swift test` (IOSAdapterCompileTests);
# docs/ios.md says what it proves and what it cannot.
#
# Usage: swift build && bash scripts/check_ios_adapter.sh     (exit 1: the adapter does not type-check)
# SWIFT_BUILD_FLAGS (e.g. "-c release") must match the `swift build` whose modules it uses.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build ${SWIFT_BUILD_FLAGS:-} --show-bin-path)
modules="$bin/Modules"                       # SwiftPM 6; older versions put modules in the bin folder
[ -e "$modules/TaplineSDK.swiftmodule" ] || modules="$bin"
if [ ! -e "$modules/TaplineSDK.swiftmodule" ]; then
    echo "no TaplineSDK.swiftmodule under $bin: run \`swift build\` first" >&2
    exit 2
fi

# SwiftPM's -package-name for the root package: its folder's name, lowercased, as a C99 identifier.
package=$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_]/_/g; s/^[0-9]/_&/')

stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT

# Built with library evolution, as Apple's frameworks are (their enums stay open to new cases).
for module in UIKit CoreLocation ProximityReader; do
    swiftc -emit-module -parse-as-library -enable-library-evolution -swift-version 6 -suppress-warnings \
        -module-name "$module" -I "$stubs" -emit-module-path "$stubs/$module.swiftmodule" Stubs/"$module"/*.swift
done

# TAPLINE_PROXIMITYREADER_STUBS lets the adapter's `#if canImport(ProximityReader) && (os(iOS) || ...)`
# compile here; no build of the package sets it. Warnings are errors: a `try` or `await` on a call
# Apple documents as not throwing or not async is only a warning, and as much a mismatch.
if swiftc -typecheck -parse-as-library -swift-version 6 -warnings-as-errors \
    -module-name TaplineSDKProximityReader -package-name "$package" -D TAPLINE_PROXIMITYREADER_STUBS \
    -I "$stubs" -I "$modules" Sources/TaplineSDKProximityReader/*.swift; then
    echo "TaplineSDKProximityReader type-checks against Stubs/ (Apple's documented API as transcribed)"
else
    echo "TaplineSDKProximityReader does not type-check against Stubs/: see the errors above" >&2
    exit 1
fi
