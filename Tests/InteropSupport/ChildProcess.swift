import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process for tests, spawned with `posix_spawn` directly: the subset of
/// Foundation's `Process` the tests use, with the same names.
///
/// Foundation's `Process.run()` on Linux lists `/proc/self/fd` to close every inherited
/// descriptor and copies each entry's full 256-byte `d_name`, reading past the end of
/// glibc's directory buffer when the last entry ends near a page boundary: CI crashed with
/// SIGSEGV there once the test process had enough descriptors open. Here glibc closes them
/// in the child (`posix_spawn_file_actions_addclosefrom_np`), which reads nothing.
public final class ChildProcess: @unchecked Sendable {
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    public var executableURL: URL?
    public var arguments: [String]?
    public var environment: [String: String]?
    public var currentDirectoryURL: URL?
    /// A `Pipe`, a `FileHandle`, or nil for /dev/null.
    public var standardInput: Any?
    public var standardOutput: Any?
    public var standardError: Any?
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let condition = NSCondition()
    private var pid: pid_t = 0
    private var running = false
    private var status: Int32 = 0
    private var reason = TerminationReason.exit

    public init() {}

    public var processIdentifier: Int32 { condition.withLock { pid } }
    public var isRunning: Bool { condition.withLock { running } }
    public var terminationStatus: Int32 { condition.withLock { status } }
    public var terminationReason: TerminationReason { condition.withLock { reason } }

    /// The environment children get when none is set: read once, before any test runs a child.
    public static let inheritedEnvironment = ProcessInfo.processInfo.environment

    public func run() throws {
        guard let path = executableURL?.path else { throw SpawnError(message: "no executable", code: EINVAL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        try redirect(standardInput, to: 0, reading: true, &actions)
        try redirect(standardOutput, to: 1, reading: false, &actions)
        try redirect(standardError, to: 2, reading: false, &actions)
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        if let directory = currentDirectoryURL?.path {
            guard let chdir = Self.addChdir else { throw SpawnError(message: "posix_spawn cannot change directory here", code: ENOSYS) }
            let result = directory.withCString { chdir(&actions, $0) }
            guard result == 0 else { throw SpawnError(message: "chdir \(directory)", code: result) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))

        let argv = ([path] + (arguments ?? [])).map { strdup($0) } + [nil]
        let envp = (environment ?? Self.inheritedEnvironment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(message: "posix_spawn \(path)", code: result) }
        condition.withLock {
            pid = child
            running = true
        }
        // The child has its ends of the pipes; the parent keeps only its own.
        (standardInput as? Pipe)?.fileHandleForReading.closeFile()
        (standardOutput as? Pipe)?.fileHandleForWriting.closeFile()
        (standardError as? Pipe)?.fileHandleForWriting.closeFile()
        let spawned = child
        Thread { [self] in waitForExit(spawned) }.start()
    }

    public func terminate() {
        let child = processIdentifier
        if child > 0 { kill(child, SIGTERM) }
    }

    public func waitUntilExit() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    private func waitForExit(_ child: pid_t) {
        var raw: Int32 = 0
        while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
        condition.withLock {
            if raw & 0x7f == 0 {
                status = (raw >> 8) & 0xff
                reason = .exit
            } else {
                status = raw & 0x7f
                reason = .uncaughtSignal
            }
            running = false
            condition.broadcast()
        }
        terminationHandler?(self)
    }

    private func redirect(_ stream: Any?, to target: Int32, reading: Bool, _ actions: inout posix_spawn_file_actions_t) throws {
        let result: Int32
        switch stream {
        case let pipe as Pipe:
            let end = reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting
            result = posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target)
        case let handle as FileHandle:
            result = posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
        default:
            result = posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
        }
        guard result == 0 else { throw SpawnError(message: "redirect descriptor \(target)", code: result) }
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    // GNU extensions (glibc 2.34 and 2.29) that Swift's Glibc module does not declare.
    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }
    private static let addChdir: AddChdir? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: AddChdir.self) }

    public struct SpawnError: Error, CustomStringConvertible {
        public var message: String
        public var code: Int32
        public var description: String { "\(message): \(String(cString: strerror(code)))" }
    }
}
