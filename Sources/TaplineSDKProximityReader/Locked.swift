#if canImport(ProximityReader) && os(iOS)
import Foundation

/// A value behind a lock. `Mutex` (Synchronization) would do, but it needs iOS 18 and the
/// package supports iOS 17; TaplineSDK's own `LockedBox` is internal to that module.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Carries Apple's event stream into the forwarding task. The current SDK may or may not
/// declare `PaymentCardReader.Event` Sendable (its page does not say); the stream is safe to
/// hand over because that task is its only consumer and the events are plain enum values.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
#endif
