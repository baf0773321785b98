import Foundation
import InteropSupport

/// A Python peer script started for one test that prints `listening on PORT` once it
/// listens (the acquirer host, the JWKS host): started, and its port read, in one place.
struct ListeningPeer {
    let process: ChildProcess
    /// Finishes when the process exits. Heard through the termination handler: Foundation's
    /// waitUntilExit spins on Linux when called from a task.
    let exited: AsyncStream<Void>
    let port: Int

    struct StartFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs `python3 <repository>/<script> <arguments>` and waits for its `listening on` line.
    static func start(_ script: String, arguments: [String], name: String) throws -> ListeningPeer {
        let output = Pipe()
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PythonPeer.repositoryRoot.appendingPathComponent(script).path] + arguments
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        let (exited, exit) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        // The peer prints exactly one line once it listens; reading it is the wait.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on "), let port = Int(text.dropFirst("listening on ".count)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(message: "the \(name) did not start: '\(text)'")
        }
        return ListeningPeer(process: process, exited: exited, port: port)
    }

    /// Stops the peer and waits until it has exited, so its port refuses connections.
    func stop() async {
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited {}
    }
}
