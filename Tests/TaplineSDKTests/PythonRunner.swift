import Foundation
import InteropSupport

/// Runs `python3` for tests that check Tapline against Python's standard library.
enum PythonRunner {
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        let standardError: String
        var description: String { "python3 exited with status \(status): \(standardError)" }
    }

    /// The repository root, from this file's place (Tests/TaplineSDKTests/).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var isAvailable: Bool { (try? run(["-c", "pass"])) != nil }

    /// Runs python3 with `arguments` and returns its standard output.
    static func run(_ arguments: [String]) throws -> String {
        // Files rather than pipes, so no reader threads are needed and nothing can deadlock.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let errors = directory.appendingPathComponent("err")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus, standardError: String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))
        }
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }
}
