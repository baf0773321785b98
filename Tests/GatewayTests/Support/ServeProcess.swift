import Foundation
import InteropSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `tapline serve` process on an ephemeral loopback port, for tests that kill one.
/// The executable is the one SwiftPM built beside the test bundle (`swift build
/// --build-tests` and `swift test` build it), or `TAPLINE_EXECUTABLE`.
final class ServeProcess: @unchecked Sendable {
    let name: String
    let process: ChildProcess
    let port: Int
    private let stdoutPath: String
    private let stderrPath: String

    private init(name: String, process: ChildProcess, port: Int, stdoutPath: String, stderrPath: String) {
        self.name = name
        self.process = process
        self.port = port
        self.stdoutPath = stdoutPath
        self.stderrPath = stderrPath
    }

    /// The built `tapline`, found next to the running test bundle.
    static func executable() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["TAPLINE_EXECUTABLE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var folders = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()]
        // macOS runs the tests inside an .xctest bundle in the same build folder.
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        for folder in folders {
            let candidate = folder.appendingPathComponent("tapline")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ServeProcessError("no built tapline executable beside the tests (looked in \(folders.map(\.path))); run swift build --build-tests")
    }

    /// Starts `tapline serve` on port 0 and waits (bounded) until it says where it listens.
    static func start(name: String, databaseURL: String, keys: String, in directory: URL) async throws -> ServeProcess {
        try await start(
            name: name, arguments: ["--database-url", databaseURL, "--keys", keys, "--database-pool-size", "4"], in: directory)
    }

    /// Starts `tapline serve --port 0` with `arguments` (where its database and keys are);
    /// with `environment`, the test's environment less every `TAPLINE_*` variable plus those.
    static func start(
        name: String, arguments: [String], environment: [String: String]? = nil, in directory: URL
    ) async throws -> ServeProcess {
        let stdoutPath = directory.appendingPathComponent("\(name).out").path
        let stderrPath = directory.appendingPathComponent("\(name).err").path
        FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = ChildProcess()
        process.executableURL = try executable()
        process.arguments = ["serve", "--port", "0"] + arguments + ["--log-level", "info"]
        if let environment {
            process.environment = ChildProcess.inheritedEnvironment
                .filter { !$0.key.hasPrefix("TAPLINE_") }
                .merging(environment) { _, given in given }
        }
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
        // An external process coming up is the one thing polled: 50 ms steps, 60 s at most.
        for _ in 0..<1_200 {
            let log = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            if let range = log.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = Int(log[range].split(separator: ":").last ?? "") {
                return ServeProcess(name: name, process: process, port: port, stdoutPath: stdoutPath, stderrPath: stderrPath)
            }
            guard process.isRunning else { throw ServeProcessError("tapline serve \(name) exited: \(log)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process)
        throw ServeProcessError("tapline serve \(name) did not start listening within 60 s")
    }

    /// What the process printed on standard output (the first start's client credentials).
    var standardOutput: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

    /// What the process printed on standard error so far: its log lines.
    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// SIGTERM, as a service manager stops it; returns at once (``exitStatus()`` waits).
    func terminate() { Self.send(SIGTERM, to: process) }

    /// The exit status once the process has exited, or nil if it runs on past `limit`. Polled
    /// in 50 ms steps (an external process is the one thing polled): `waitUntilExit()` would
    /// hold one of the few threads every other test's tasks run on.
    func exitStatus(within limit: Duration = .seconds(120)) async throws -> Int32? {
        let end = ContinuousClock.now + limit
        while process.isRunning {
            guard ContinuousClock.now < end else { return nil }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }

    /// SIGHUP, as `systemctl reload` sends it: the listener's certificate is read again.
    func hangUp() { Self.send(SIGHUP, to: process) }

    /// Waits (polled, bounded) until the log has `count` lines containing `text`.
    func waitForLog(_ text: String, count: Int = 1, within limit: Duration = .seconds(180)) async throws {
        let end = ContinuousClock.now + limit
        while standardError.components(separatedBy: text).count - 1 < count {
            guard ContinuousClock.now < end, process.isRunning else {
                throw ServeProcessError("tapline serve \(name) did not log '\(text)' \(count) times: \(standardError.suffix(2000))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// SIGKILL: no shutdown, no last writes, as a crashed machine.
    func kill() { Self.kill(process) }

    private static func kill(_ process: ChildProcess) {
        guard process.isRunning else { return }
        send(SIGKILL, to: process)
        process.waitUntilExit()
    }

    private static func send(_ signal: Int32, to process: ChildProcess) {
        guard process.isRunning else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(process.processIdentifier, signal)
        #elseif canImport(Darwin)
        _ = Darwin.kill(process.processIdentifier, signal)
        #endif
    }

    /// One request to the instance over loopback; status and body.
    func send(
        _ method: String, _ path: String, json: String? = nil, token: String? = nil, headers: [String: String] = [:]
    ) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = 30
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await Self.session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        return URLSession(configuration: configuration)
    }()
}

struct ServeProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
