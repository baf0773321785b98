/// The merchant and device a reader token was issued to, carried by every payload sealed
/// with that token's key. The gateway accepts a sealed read only from the device and
/// merchant it names, so card data read on one merchant's phone cannot be charged by another.
///
/// It travels in the JWE protected header (`mid`, `did`), which AES-GCM authenticates: the
/// payload does not open if either is changed.
public struct ReaderBinding: Sendable, Equatable, CustomStringConvertible {
    /// JWE header names.
    static let merchantHeader = "mid"
    static let deviceHeader = "did"

    /// The merchant the reader token named (`mid`).
    public var merchantId: String
    /// The device installation id the reader token named (`sub`).
    public var deviceId: String

    public init(merchantId: String, deviceId: String) {
        self.merchantId = merchantId
        self.deviceId = deviceId
    }

    /// The binding a reader token's claims describe.
    public init(claims: ReaderTokenClaims) {
        self.init(merchantId: claims.merchantId, deviceId: claims.deviceId)
    }

    /// Read from a JWE header's extra fields; nil unless both are there.
    init?(header extra: [String: String]) {
        guard let merchantId = extra[Self.merchantHeader], let deviceId = extra[Self.deviceHeader] else { return nil }
        self.init(merchantId: merchantId, deviceId: deviceId)
    }

    var headerFields: [String: String] { [Self.merchantHeader: merchantId, Self.deviceHeader: deviceId] }

    public var description: String { "merchant \(merchantId), device \(deviceId)" }
}
