import Foundation

/// Where ``ReaderTokenMode/remote(_:)`` fetches tokens: the payment service provider's token
/// service, with its TLS files already read.
public struct RemoteReaderTokenSettings: Sendable, Equatable {
    /// The longest reader token taken from the service. Apple's tokens are compact JWTs of a
    /// few hundred bytes; anything this long is not one.
    public static let maxReaderTokenLength = 8192
    /// The longest PIN token taken: what the sealed PIN read carries back (`CardRead`'s limit).
    public static let maxPINTokenLength = 2048
    /// A cached reader token is handed out again only while it has more than this left, so a
    /// device never prepares its reader with a token about to die.
    public static let cacheMargin: TimeInterval = 300
    /// The furthest expiry taken from the service: the longest reader-token lifetime the
    /// gateway itself allows (`--reader-token-lifetime`, a week).
    public static let maxTokenLifetime: TimeInterval = 7 * 24 * 3600

    public var endpoint: ProviderServiceEndpoint

    public init(endpoint: ProviderServiceEndpoint) {
        self.endpoint = endpoint
    }

    public static func == (lhs: RemoteReaderTokenSettings, rhs: RemoteReaderTokenSettings) -> Bool {
        lhs.endpoint.url == rhs.endpoint.url && lhs.endpoint.timeout == rhs.endpoint.timeout
            && lhs.endpoint.maxResponseBytes == rhs.endpoint.maxResponseBytes
            && lhs.endpoint.usesClientCertificate == rhs.endpoint.usesClientCertificate
    }
}
