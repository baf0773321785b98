import Foundation

/// A value behind a lock, shareable across tasks. `package`, so the store, the SDK and the
/// iOS reader share this one without it becoming public API.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 / iOS 18 and the package
/// still builds for macOS 14 and iOS 17.
package final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
