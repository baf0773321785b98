import Foundation
import InteropSupport

/// `scripts/acquirer_host.py`, the test acquirer host, running on a loopback port for one
/// test, with its journal of every message it received and sent.
final class AcquirerHostProcess: @unchecked Sendable {
    /// Whether python3 has what the host needs; tests are skipped (not passed) without it.
    static var isAvailable: Bool {
        PythonPeer.isAvailable("iso8583") && PythonPeer.isAvailable("psec") && PythonPeer.isAvailable("pyemv")
    }

    let port: Int
    let journalURL: URL
    private let process: ChildProcess
    private let directory: URL
    private let exited: AsyncStream<Void>

    /// Starts the host with `flags` (its test controls) and waits for its `listening on` line.
    init(flags: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("acquirer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        journalURL = directory.appendingPathComponent("journal.jsonl")
        let output = Pipe()
        process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PythonPeer.repositoryRoot.appendingPathComponent("scripts/acquirer_host.py").path,
                             "--port", "0", "--journal", journalURL.path] + flags
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        // Heard through the termination handler: Foundation's waitUntilExit spins on Linux
        // when called from a task.
        let (exited, exit) = AsyncStream<Void>.makeStream()
        self.exited = exited
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        // The host prints exactly one line once it listens; reading it is the wait.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on "), let port = Int(text.dropFirst("listening on ".count)) else {
            kill(process.processIdentifier, SIGKILL)
            throw HostFailure(message: "the acquirer host did not start: '\(text)'")
        }
        self.port = port
    }

    struct HostFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Every journal line, oldest first, as JSON objects.
    func journal() throws -> [[String: Any]] {
        guard let data = try? Data(contentsOf: journalURL) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// The messages the host received of type `mti`, as their fields.
    func received(_ mti: String) throws -> [[String: Any]] {
        try journal().filter { $0["direction"] as? String == "in" && $0["mti"] as? String == mti }
            .map { $0["fields"] as? [String: Any] ?? [:] }
    }

    /// The journal as written, for checks that no card data reached it.
    func journalText() -> String {
        (try? String(contentsOf: journalURL, encoding: .utf8)) ?? ""
    }

    /// Freezes the host (SIGSTOP): it reads nothing and answers nothing until ``resume()``;
    /// what the link sends meanwhile waits in the socket.
    func pause() {
        kill(process.processIdentifier, SIGSTOP)
    }

    /// Lets a paused host go on (SIGCONT): it reads what came meanwhile, in order.
    func resume() {
        kill(process.processIdentifier, SIGCONT)
    }

    func stop() async {
        // SIGKILL: the test runner's threads block SIGTERM, and a child starts with that mask.
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited {}
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
