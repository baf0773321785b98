#if canImport(ProximityReader) && os(iOS)
import Foundation

/// Carries Apple's event stream into the forwarding task. The current SDK may or may not
/// declare `PaymentCardReader.Event` Sendable (its page does not say); the stream is safe to
/// hand over because that task is its only consumer and the events are plain enum values.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
#endif
