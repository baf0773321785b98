import Foundation

/// Runs the Python interop scripts under `scripts/` as the other end of an exchange, so tests
/// can check Tapline against independent implementations (joserfc, pyemv). Tests that need
/// one are marked `.enabled(if: PythonPeer.isAvailable(...))`, so without it they are
/// reported as skipped, never as passed.
enum PythonPeer {
    /// A script that exited non-zero, with what it wrote on stderr.
    struct Failure: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        let stderr: String

        var description: String { "\(command) exited with \(status): \(stderr)" }
    }

    /// The repository root: this file is Tests/CardDataTests/PythonPeer.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether `python3` runs and can import `module`.
    static func isAvailable(_ module: String) -> Bool {
        let probe = "import importlib, sys; importlib.import_module(sys.argv[1])"
        return (try? run(["-c", probe, module], stdin: nil)) != nil
    }

    /// Runs `python3 <repo root>/<relativePath> <arguments…>` and returns its stdout.
    /// Throws `Failure` (with stderr) when it exits non-zero.
    static func runScript(_ relativePath: String, arguments: [String], stdin: Data? = nil) throws -> Data {
        try run([repositoryRoot.appendingPathComponent(relativePath).path] + arguments, stdin: stdin)
    }

    private static func run(_ arguments: [String], stdin: Data?) throws -> Data {
        // Output goes to files rather than pipes: a child that fills one pipe while we wait on
        // the other would deadlock, and files need no reader thread.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("python-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        let output = try Data(contentsOf: outURL)
        guard process.terminationStatus == 0 else {
            let message = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
            throw Failure(
                command: (["python3"] + arguments).joined(separator: " "),
                status: process.terminationStatus,
                stderr: message.trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
        return output
    }
}
