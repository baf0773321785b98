import Processing

/// The acquirer links a gateway sends payments to and how it chooses among them
/// (`--acquirers FILE`, docs/iso8583.md "Several acquirers"). The one link of `--processor
/// iso8583://…` is a network of one.
public struct AcquirerNetworkSettings: Sendable, Equatable {
    /// In the file's order; names are unique.
    public var links: [NamedAcquirerLinkSettings]
    public var routing: AcquirerRouting

    public init(links: [NamedAcquirerLinkSettings], routing: AcquirerRouting) {
        self.links = links
        self.routing = routing
    }

    /// The link of `--processor`: named `acquirer`, with the identity payments made before
    /// several links existed carry.
    static func single(_ settings: AcquirerLinkSettings) -> AcquirerNetworkSettings {
        AcquirerNetworkSettings(
            links: [NamedAcquirerLinkSettings(name: "acquirer", identity: .iso8583Acquirer, settings: settings)],
            routing: AcquirerRouting(defaultLink: "acquirer"))
    }

    /// The link payments go to when nothing routes them elsewhere.
    public var defaultLink: NamedAcquirerLinkSettings {
        links.first { $0.name == routing.defaultLink } ?? links[0]
    }
}

/// One link of several: its name (for the rules, the logs and `/ready`), the identity
/// merchants see on its payments, how it talks to its host, and the link a new payment goes
/// to instead while this one has no connection signed on.
public struct NamedAcquirerLinkSettings: Sendable, Equatable {
    public var name: String
    public var identity: ProcessorIdentity
    public var settings: AcquirerLinkSettings
    public var failover: String?

    public init(name: String, identity: ProcessorIdentity, settings: AcquirerLinkSettings, failover: String? = nil) {
        self.name = name
        self.identity = identity
        self.settings = settings
        self.failover = failover
    }
}
