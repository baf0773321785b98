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
        let output = Pipe()
        process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PythonPeer.repositoryRoot.appendingPathComponent(IntegratorBackend.script).path, "serve", fileURL.path]
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        let (exited, exit) = AsyncStream<Void>.makeStream()
        self.exited = exited
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        // The host prints one line once it listens; reading it is the wait.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on "), let port = Int(text.dropFirst("listening on ".count)) else {
            kill(process.processIdentifier, SIGKILL)
            throw HostFailure(message: "the JWKS host did not start: '\(text)'")
        }
        self.port = port
    }

    struct HostFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
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
