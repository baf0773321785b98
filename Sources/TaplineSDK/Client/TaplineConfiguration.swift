import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a ``TaplineClient`` is wired: where it keeps secrets, which card reader it uses,
/// its URL session and its clock.
public struct TaplineConfiguration: Sendable {
    /// Where tokens and the device id are kept between launches.
    public var tokenStore: any TokenStore
    /// The card reader for Tap to Pay: `ProximityCardReader()` from `TaplineSDKProximityReader`
    /// on an iPhone, ``SimulatedCardReader`` anywhere else. Nil disables Tap to Pay.
    public var cardReader: (any CardReader)?
    /// A name for this device in the merchant's device list.
    public var deviceName: String?
    public var urlSession: URLSession
    /// The clock the SDK reads (token expiry, card-read times); tests fix it.
    public var now: @Sendable () -> Date
    /// Stands between the SDK and the network in tests (lost answers, dropped requests).
    var interceptor: (@Sendable (URLRequest, HTTPTransport.Exchange) async throws -> (Data, URLResponse))?

    public init(
        tokenStore: (any TokenStore)? = nil, cardReader: (any CardReader)? = nil, deviceName: String? = nil,
        urlSession: URLSession = .shared, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.tokenStore = tokenStore ?? Self.defaultTokenStore()
        self.cardReader = cardReader
        self.deviceName = deviceName
        self.urlSession = urlSession
        self.now = now
    }

    /// The Keychain where there is one, else files of mode 0600 under `~/.tapline/sdk`.
    public static func defaultTokenStore() -> any TokenStore {
        #if canImport(Security)
        return KeychainTokenStore()
        #else
        return FileTokenStore(directory: FileTokenStore.defaultDirectory())
        #endif
    }
}
