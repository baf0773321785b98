import Processing

/// Which processor decides payments: the built-in simulator (the default) or an acquirer
/// host over ISO 8583 (`iso8583://host:port`, or `iso8583s://host:port` over TLS), or
/// several acquirer links with routing rules (`--acquirers FILE`).
public enum ProcessorChoice: Sendable, Equatable, CustomStringConvertible {
    case simulator
    case iso8583(AcquirerLinkSettings)
    case acquirers(AcquirerNetworkSettings)

    /// Reads `simulator`, `iso8583://host:port` or `iso8583s://host:port` (TLS, its files
    /// still to be given); `source` names the flag or variable in errors.
    static func parse(_ text: String, source: String) throws(ConfigurationError) -> ProcessorChoice {
        if text == "simulator" { return .simulator }
        let secure = text.hasPrefix("iso8583s://")
        let prefix = secure ? "iso8583s://" : "iso8583://"
        guard text.hasPrefix(prefix) else {
            throw .invalid("\(source) must be 'simulator', iso8583://host:port or iso8583s://host:port (TLS), not '\(text.prefix(100))'")
        }
        let address = text.dropFirst(prefix.count)
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
              (1...65535).contains(port), colon > address.startIndex else {
            throw .invalid("\(source) must name the acquirer host and port, as iso8583://acquirer.example:7000, not '\(text.prefix(100))'")
        }
        var host = String(address[..<colon])
        // An IPv6 address is written in brackets, as in a URL.
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@") else {
            throw .invalid("\(source) must name the acquirer host and port, as iso8583://acquirer.example:7000, not '\(text.prefix(100))'")
        }
        var settings = AcquirerLinkSettings(host: host, port: port)
        settings.tls = secure ? AcquirerTLSSettings() : nil
        return .iso8583(settings)
    }

    /// The acquirer links of this choice: none for the simulator.
    var network: AcquirerNetworkSettings? {
        switch self {
        case .simulator: return nil
        case .iso8583(let settings): return .single(settings)
        case .acquirers(let network): return network
        }
    }

    /// The id and name merchants see for this choice (the default link's, with several).
    public var identity: ProcessorIdentity {
        switch self {
        case .simulator: return .simulator
        case .iso8583: return .iso8583Acquirer
        case .acquirers(let network): return network.defaultLink.identity
        }
    }

    public var description: String {
        switch self {
        case .simulator: return "simulator"
        case .iso8583(let link): return "\(link.tls == nil ? "iso8583" : "iso8583s")://\(link.host):\(link.port)"
        case .acquirers(let network): return "acquirer links " + network.links.map(\.name).joined(separator: ", ")
        }
    }
}
