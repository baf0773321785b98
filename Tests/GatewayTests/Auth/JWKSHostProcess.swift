import Foundation
import InteropSupport

/// `jwt_peer.py serve`: a JWKS host on a loopback port for one test, serving a file the test
/// rewrites to rotate keys, stopped (or frozen) to play a host that is down (or hangs).
final class JWKSHostProcess: @unchecked Sendable {
    let port: Int
    let fileURL: URL
    private let process: ChildProcess
    private let exited: AsyncStream<Void>
    private let directory: URL

    var url: String { "http://127.0.0.1:\(port)/.well-known/jwks.json" }

    /// Starts the host serving `jwks` and waits for its `listening on` line.
    init(serving jwks: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fileURL = directory.appendingPathComponent("jwks.json")
        try Data(jwks.utf8).write(to: fileURL)
        let peer = try ListeningPeer.start(IntegratorBackend.script, arguments: ["serve", fileURL.path], name: "JWKS host")
        process = peer.process
        exited = peer.exited
        port = peer.port
    }

    /// Serves `jwks` from the next request on (a rotation).
    func serve(_ jwks: String) throws {
        try Data(jwks.utf8).write(to: fileURL, options: .atomic)
    }

    /// Freezes the host: connections are accepted by the kernel and never answered.
    func pause() { kill(process.processIdentifier, SIGSTOP) }

    /// Stops the host; its port then refuses connections.
    func stop() async {
        kill(process.processIdentifier, SIGCONT)
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited {}
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }
}
