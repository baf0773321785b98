/// Where the acquirer host is and how the link talks to it (`tapline serve --processor
/// iso8583://…` and the `TAPLINE_ACQUIRER_*` variables).
public struct AcquirerLinkSettings: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// Persistent connections kept open to the host.
    public var connections = 2
    /// The zone PIN key shared with the acquirer (hex of a double- or triple-length triple
    /// DES key), under which PINs go in field 52. In production an HSM holds it.
    public var zonePINKeyHex: String?
    /// Field 32, when the acquirer asks for it.
    public var acquiringInstitutionId: String?
    /// An idle connection is tested with an 0800 echo this often.
    public var echoInterval: Duration = .seconds(60)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}

extension AcquirerLinkSettings: CustomStringConvertible {
    /// Never shows the zone PIN key.
    public var description: String {
        "iso8583://\(host):\(port) (\(connections) connections, zone PIN key \(zonePINKeyHex == nil ? "not set" : "set"))"
    }
}
