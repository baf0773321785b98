/// Where the acquirer host is and how the link talks to it (`tapline serve --processor
/// iso8583://…` or `iso8583s://…` and the `TAPLINE_ACQUIRER_*` variables).
public struct AcquirerLinkSettings: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// TLS on the connections (`iso8583s://`); nil for plain TCP.
    public var tls: AcquirerTLSSettings?
    /// Persistent connections kept open to the host.
    public var connections = 2
    /// The zone PIN key shared with the acquirer (hex of a double- or triple-length triple
    /// DES key), under which PINs go in field 52. In production an HSM holds it.
    public var zonePINKeyHex: String?
    /// Field 32, when the acquirer asks for it.
    public var acquiringInstitutionId: String?
    /// An idle connection is tested with an 0800 echo this often (10–600 s).
    public var echoInterval: Duration = .seconds(60)
    /// The link's wait for each answer (5–60 s). A request unanswered by then fails and is
    /// reversed (docs/iso8583.md, "Reversals of unanswered requests").
    public var responseTimeout: Duration = .seconds(25)
    /// The terminal authentication key (hex of a double-length triple DES key): when set,
    /// every message both ways carries the retail MAC in 64 or 128 (docs/iso8583.md,
    /// "Message authentication"). Never logged.
    public var macKeyHex: String?
    /// The zone master key (hex of a double- or triple-length triple DES key) under which the
    /// acquirer sends new working keys over 0800 (docs/iso8583.md, "Key exchange"). Never logged.
    public var zoneMasterKeyHex: String?
    /// How often the link asks the acquirer for a new working key (0800, 70 = 161; the flag
    /// takes 60–86 400 s); nil, the default, never. Needs the zone master key and the MAC key
    /// (docs/iso8583.md, "Key exchange").
    public var keyExchangeInterval: Duration?

    /// The gateway's bound on one processor call: the link's wait plus a margin for the STAN
    /// and the store, so that the link's own no-answer path (failed, reversal owed) is what
    /// ends an unanswered request, not the gateway's deadline racing it.
    public var gatewayTimeout: Duration { responseTimeout + Self.gatewayMargin }

    /// What the gateway's bound adds to the link's wait.
    public static let gatewayMargin: Duration = .seconds(5)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Refuses a key exchange interval without the keys it needs: the new key comes under the
    /// zone master key, and the request and its answer carry MACs. `source` names the setting.
    public func checkKeyExchange(source: String = "the acquirer key exchange interval") throws(ConfigurationError) {
        guard keyExchangeInterval != nil else { return }
        guard zoneMasterKeyHex != nil, macKeyHex != nil else {
            throw .invalid("\(source) needs a zone master key (TAPLINE_ACQUIRER_ZONE_MASTER_KEY or --acquirer-zone-master-key-file) and a MAC key (TAPLINE_ACQUIRER_MAC_KEY or --acquirer-mac-key-file)")
        }
    }
}

extension AcquirerLinkSettings {
    /// Field 32 as the configuration gives it: 1 to 11 digits.
    static func institution(_ text: String, source: String) throws(ConfigurationError) -> String {
        guard (1...11).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalid("\(source) must be 1 to 11 digits")
        }
        return text
    }
}

extension AcquirerLinkSettings: CustomStringConvertible {
    /// Never shows the zone PIN key or the MAC key.
    public var description: String {
        "\(tls == nil ? "iso8583" : "iso8583s")://\(host):\(port) (\(connections) connections, zone PIN key \(zonePINKeyHex == nil ? "not set" : "set"), MAC key \(macKeyHex == nil ? "not set" : "set"), zone master key \(zoneMasterKeyHex == nil ? "not set" : "set"), key exchange \(keyExchangeInterval.map { "every \($0)" } ?? "off"))"
    }
}
