// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.
import Foundation
import UIKit

/// `final class ProximityReaderDiscovery`: presents Apple's "how to use Tap to Pay" sheets.
/// Conforms to Sendable. Its methods are plain `async`, not main-actor isolated.
/// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery
@available(iOS 18.0, macCatalyst 18.0, *)
public final class ProximityReaderDiscovery: Sendable {
    /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/init()
    public init() { fatalError("stub: never run") }

    /// `final func content(for topic: ProximityReaderDiscovery.Topic) async throws -> ProximityReaderDiscovery.Content`;
    /// throws a `ContentError`.
    /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/content(for:)
    public final func content(for topic: ProximityReaderDiscovery.Topic) async throws -> ProximityReaderDiscovery.Content {
        fatalError("stub: never run")
    }

    /// `final func presentContent(_ content: ProximityReaderDiscovery.Content, from viewController: UIViewController) async throws`;
    /// throws a `ContentError`.
    /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/presentcontent(_:from:)
    public final func presentContent(_ content: ProximityReaderDiscovery.Content, from viewController: UIViewController) async throws {
        fatalError("stub: never run")
    }

    /// The topics you can present to someone. Conforms to Sendable.
    /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/topic
    public enum Topic: Sendable {
        /// `case payment(ProximityReaderDiscovery.Topic.Payment)`
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/topic/payment(_:)
        case payment(ProximityReaderDiscovery.Topic.Payment)

        /// Conforms to Equatable, Hashable, Sendable.
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/topic/payment
        public enum Payment: Hashable, Sendable {
            /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/topic/payment/howtotap
            case howToTap
        }
    }

    /// Content you can display; apps get it from `content(for:)`. Conforms to Identifiable, Sendable.
    /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/content
    public struct Content: Identifiable, Sendable {
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/content/id
        public let id: String
    }

    /// Errors getting or showing content. Conforms to Equatable, Error, Hashable,
    /// LocalizedError, Sendable.
    /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror
    public enum ContentError: Error, Hashable, LocalizedError, Sendable {
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/contentnotfound
        case contentNotFound
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/contentdisplayfailed
        case contentDisplayFailed
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/notsupported
        case notSupported
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/networkunavailable
        case networkUnavailable
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/systembusy
        case systemBusy
        /// https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/unknown
        case unknown
    }
}
