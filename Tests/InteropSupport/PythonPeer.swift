import Foundation

/// Runs Python programs from the repository (interop peers under scripts/interop) for
/// tests that check Tapline against independent implementations.
///
/// Tests that need a peer should carry `.enabled(if: PythonPeer.isAvailable("module"))`,
/// so that without python3 or the module they are reported as skipped, never as passed.
public enum PythonPeer {
    /// A Python run that exited non-zero (or could not start).
    public struct Failure: Error, CustomStringConvertible {
        public let arguments: [String]
        public let status: Int32
        public let standardError: String

        public var description: String {
            "python3 \(arguments.joined(separator: " ")) exited with status \(status): \(standardError)"
        }
    }

    /// The repository root, found from this file's location (Tests/InteropSupport/), so the
    /// peers are found whatever directory `swift test` runs in.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether `python3` can import `module`, e.g. "pyemv".
    public static func isAvailable(_ module: String) -> Bool {
        (try? run(arguments: ["-c", "import \(module)"])) != nil
    }

    /// Runs the script at `path`, relative to the repository root, with `stdin` as its
    /// standard input, and returns its standard output.
    ///
    /// - Throws: ``Failure`` when the script exits non-zero, with its standard error.
    public static func runScript(path: String, arguments: [String] = [], stdin: Data = Data()) throws -> Data {
        let script = repositoryRoot.appendingPathComponent(path).path
        return try run(arguments: [script] + arguments, stdin: stdin)
    }

    /// The same, for callers that name the script first and may have no input.
    public static func runScript(_ path: String, arguments: [String], stdin: Data? = nil) throws -> Data {
        try runScript(path: path, arguments: arguments, stdin: stdin ?? Data())
    }

    /// Runs `python3` with `arguments` and returns its standard output.
    public static func run(arguments: [String], stdin: Data = Data()) throws -> Data {
        // Files rather than pipes: a peer that writes a lot before reading all of its input
        // cannot deadlock against us, and no reader threads are needed.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("python-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("stdin")
        let output = directory.appendingPathComponent("stdout")
        let errors = directory.appendingPathComponent("stderr")
        try stdin.write(to: input)
        try Data().write(to: output)
        try Data().write(to: errors)

        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = repositoryRoot
        var environment = ChildProcess.inheritedEnvironment
        // Keep the peers from leaving __pycache__ directories in the source tree.
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        let inputHandle = try FileHandle(forReadingFrom: input)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? inputHandle.close()
            try? outputHandle.close()
            try? errorHandle.close()
        }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()

        let standardOutput = try Data(contentsOf: output)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let standardError = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            throw Failure(arguments: arguments, status: process.terminationStatus, standardError: standardError)
        }
        return standardOutput
    }
}
