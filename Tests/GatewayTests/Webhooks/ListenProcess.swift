import Foundation
import InteropSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running `tapline webhooks listen`: its lines are read from its output file as they come
/// (the command flushes each), and it is stopped with SIGTERM as a script stops it.
final class ListenProcess: Sendable {
    let process: ChildProcess
    private let output: URL
    private let errors: URL

    /// Starts `tapline webhooks listen arguments…` with `environment` (the test's, less every
    /// `TAPLINE_*`, plus these) and waits for its `Ready:` line.
    init(_ arguments: [String], environment: [String: String], in directory: URL) async throws {
        output = directory.appendingPathComponent("listen-\(UUID().uuidString).out")
        errors = directory.appendingPathComponent("listen-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process = ChildProcess()
        process.executableURL = try ServeProcess.executable()
        process.arguments = ["webhooks", "listen"] + arguments
        process.environment = ChildProcess.inheritedEnvironment.filter { !$0.key.hasPrefix("TAPLINE_") }.merging(environment) { _, given in given }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        try await line { $0.hasPrefix("Ready: ") }
    }

    var lines: [String] { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    var standardError: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// The first line that matches, waiting for it (an external process is the one thing
    /// polled: 50 ms steps) up to `limit`; throws if the process exits or the time passes first.
    @discardableResult
    func line(within limit: Duration = .seconds(180), _ matches: (String) -> Bool) async throws -> String {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if let found = lines.first(where: matches) { return found }
            guard process.isRunning else { throw ServeProcessError("listen exited: \(lines) \(standardError)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServeProcessError("no such line from listen within \(limit): \(lines) \(standardError)")
    }

    /// SIGTERM, then its exit status (nil if it runs on past `limit`).
    func stop(within limit: Duration = .seconds(60)) async throws -> Int32? {
        if process.isRunning { _ = kill(process.processIdentifier, SIGTERM) }
        let end = ContinuousClock.now + limit
        while process.isRunning {
            guard ContinuousClock.now < end else { return nil }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
    }
}
