import Foundation
import InteropSupport

/// Type-checks Sources/TaplineSDKProximityReader on Linux, where Apple's SDK is missing: builds
/// the stand-ins for ProximityReader, UIKit and CoreLocation in Stubs/ (transcribed from Apple's
/// documentation) with `swiftc -emit-module`, then runs `swiftc -typecheck` over the adapter with
/// them and this build's TaplineSDK modules on the import path. scripts/check_ios_adapter.sh
/// runs the same two steps by hand; docs/ios.md says what passing proves.
enum IOSAdapterCheck {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let adapterDirectory = repositoryRoot.appendingPathComponent("Sources/TaplineSDKProximityReader")
    /// In dependency order: ProximityReader imports UIKit.
    static let stubModules = ["UIKit", "CoreLocation", "ProximityReader"]
    /// Set only here: it lets the adapter's `#if ... os(iOS) ...` compile on Linux.
    static let stubsFlag = "TAPLINE_PROXIMITYREADER_STUBS"

    struct Output {
        var status: Int32
        var diagnostics: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The stub modules, built once per test run beside this build's modules (the build's own
    /// scratch space, so nothing is left in the source tree or /tmp).
    static let builtStubs = Result { try buildStubs() }

    static func buildStubs() throws -> URL {
        let output = try AmountUnitCompileTests.modulesDirectory().deletingLastPathComponent()
            .appendingPathComponent("ios-adapter-stubs")
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for module in stubModules {
            let sources = try swiftFiles(in: repositoryRoot.appendingPathComponent("Stubs/\(module)"))
            // Library evolution, as Apple builds its frameworks: their enums stay open to new
            // cases, so a switch needs `@unknown default` here exactly as on a device.
            let result = try swiftc([
                "-emit-module", "-parse-as-library", "-enable-library-evolution", "-swift-version", "6",
                "-suppress-warnings", "-module-name", module, "-I", output.path,
                "-emit-module-path", output.appendingPathComponent("\(module).swiftmodule").path,
            ] + sources.map(\.path))
            guard result.status == 0 else {
                throw Failure(description: "the \(module) stub does not build:\n\(result.diagnostics)")
            }
        }
        return output
    }

    /// `swiftc -typecheck` of `sources` as the module TaplineSDKProximityReader, as SwiftPM
    /// would compile it (Swift 6, this package's name for `package` access), but with the stubs.
    /// Warnings are errors: `try` or `await` on a call Apple documents as not throwing or not
    /// async is only a warning, and it is as much a mismatch as a missing one.
    static func typecheck(_ sources: [URL]) throws -> Output {
        let stubs = try builtStubs.get()
        return try swiftc([
            "-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors",
            "-module-name", "TaplineSDKProximityReader", "-package-name", packageName(),
            "-D", stubsFlag, "-I", stubs.path, "-I", try AmountUnitCompileTests.modulesDirectory().path,
        ] + sources.map(\.path))
    }

    static func swiftFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// SwiftPM's `-package-name` for the root package: its folder's name, lowercased, as a C99
    /// identifier ("wt-ios" → "wt_ios").
    static func packageName() -> String {
        let name = repositoryRoot.lastPathComponent.lowercased()
        var mangled = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if mangled.first?.isNumber ?? true { mangled = "_" + mangled }
        return mangled
    }

    static func swiftc(_ arguments: [String]) throws -> Output {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("swiftc-\(UUID().uuidString).log")
        try Data().write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }

        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, diagnostics: String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }
}
