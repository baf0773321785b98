import Foundation

/// A value behind a lock, shareable across tasks.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 and the package still
/// builds for macOS 14.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
