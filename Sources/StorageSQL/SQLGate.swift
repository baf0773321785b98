import Foundation

/// An open/closed flag shared by concurrent tasks: whether a session's read or write (or a
/// whole store) may still run statements.
package final class SQLGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpenNow: Bool

    package init(open: Bool = true) {
        isOpenNow = open
    }

    package var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isOpenNow
    }

    package func open() {
        lock.lock()
        defer { lock.unlock() }
        isOpenNow = true
    }

    /// Closes the gate; true when this call closed it.
    @discardableResult
    package func close() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { isOpenNow = false }
        return isOpenNow
    }
}
