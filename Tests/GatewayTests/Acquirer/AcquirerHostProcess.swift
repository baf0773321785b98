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
        let peer = try ListeningPeer.start(
            "scripts/acquirer_host.py", arguments: ["--port", "0", "--journal", journalURL.path] + flags, name: "acquirer host")
        process = peer.process
        exited = peer.exited
        port = peer.port
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

    /// Makes the host close every open connection (SIGUSR1), so that the link reconnects.
    func dropConnections() {
        kill(process.processIdentifier, SIGUSR1)
    }

    /// The journal's connection events (`tls`, `tls handshake failed`, `dropped by signal`).
    func connectionEvents(_ event: String) throws -> [[String: Any]] {
        try journal().filter { $0["event"] as? String == event }
    }

    func stop() async {
        // SIGKILL: the test runner's threads block SIGTERM, and a child starts with that mask.
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited {}
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
