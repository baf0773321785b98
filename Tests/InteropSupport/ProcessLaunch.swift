import Foundation

/// Starts a child process for a test, one launch at a time in the whole test process.
/// swift-corelibs-foundation's `Process.run()` once crashed in CI (SIGSEGV in a memcpy inside
/// it) while other suites were launching their own helpers at the same moment; launching
/// is quick, so serialising it costs nothing, and the processes still run side by side.
public enum ProcessLaunch {
    private static let lock = NSLock()

    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
