import Foundation
import InteropSupport
import TestSupport

/// One run of the built `tapline` to its end: its exit status and what it printed. For the
/// commands' own behaviour (messages, exit status, files left behind), which only the
/// executable shows.
struct TaplineRun: Sendable {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs `tapline arguments…` in `directory` (a fresh empty one when nil) with the test's
    /// environment less every `TAPLINE_*` variable, plus `environment`; at most `limit`.
    /// Its output goes to files outside `directory`, so tests can check what it created there.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], limit: Duration = .seconds(60)
    ) async throws -> TaplineRun {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let folder = directory ?? output.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stdout = output.appendingPathComponent("stdout"), stderr = output.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)

        let process = ChildProcess()
        process.executableURL = try ServeProcess.executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // A TAPLINE_DATABASE or TAPLINE_PORT from the shell must not decide what a test sees.
        process.environment = ChildProcess.inheritedEnvironment
            .filter { !$0.key.hasPrefix("TAPLINE_") }
            .merging(environment) { _, given in given }
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        let exited = Exit()
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        guard try await withinDeadline(limit, { await exited.wait() }) != nil else {
            process.terminate()
            throw ServeProcessError("tapline \(arguments.joined(separator: " ")) did not exit within \(limit)")
        }
        return TaplineRun(
            status: process.terminationStatus,
            standardOutput: (try? String(contentsOf: stdout, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
    }

    /// The names in `directory`, for checking that a command created nothing there.
    static func contents(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// A fresh empty folder under the temporary directory.
    static func emptyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The process's exit, awaited once: the termination handler may run before or after `wait()`.
private final class Exit: Sendable {
    private let state = Locked<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func signal() {
        state.withLock { state in
            state.done = true
            state.waiter?.resume()
            state.waiter = nil
        }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if state.done { continuation.resume() } else { state.waiter = continuation }
            }
        }
    }
}
