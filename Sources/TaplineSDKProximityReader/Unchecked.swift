#if canImport(ProximityReader) && (os(iOS) || TAPLINE_PROXIMITYREADER_STUBS)
import Foundation

/// Carries Apple's event stream into the forwarding task. Apple's current page lists
/// `PaymentCardReader.Event` as Sendable, but older SDKs this package builds with may not
/// declare it; the stream is safe to hand over because that task is its only consumer and the
/// events are plain enum values.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
#endif
