import CardData
import Foundation
import Logging
import NIOSSL
import Processing
import ProcessingISO8583
import ServiceLifecycle
import Storage
import Tracing

/// The acquirer link as the gateway runs it (`serve --processor iso8583://…`): the TCP
/// (or TLS) connections, the ISO 8583 processor over them, and its forwarder, which sends the
/// reversals owed and repeats them until the acquirer acknowledges them. STAN blocks and
/// owed reversals live in the store.
public struct AcquirerLink: Sendable {
    public let processor: ISO8583Processor
    let link: ISO8583Link
    /// The link's name in the acquirers file (`acquirer` for the one of `--processor`).
    public let name: String
    /// The link a new payment goes to while this one has no connection signed on.
    public let failover: String?

    /// The link waits `settings.responseTimeout` for each answer and tests an idle connection
    /// every `settings.echoInterval`. `onStatusChange` hears each connection come up or go
    /// down (tests wait on it).
    ///
    /// The keys live in a ``SecurityModule``: the software one, loaded from the settings.
    /// With a MAC key every message both ways carries a MAC (docs/iso8583.md, "Message
    /// authentication").
    ///
    /// With a key exchange interval the link asks for a new working key that often.
    ///
    /// Each request to the acquirer and its answer is a span of `tracer` (the gateway's).
    ///
    /// - Throws: `ConfigurationError` for a zone PIN key or MAC key that is not a triple DES
    ///   key of the length it needs, or a key exchange interval without a zone master key
    ///   and a MAC key.
    public init(_ settings: AcquirerLinkSettings, store: any Store,
                now: @escaping @Sendable () -> Date = Date.init, logger: Logger, tracer: any Tracer = NoOpTracer(),
                onStatusChange: @escaping @Sendable (ISO8583LinkStatus) -> Void = { _ in }) throws {
        try self.init(
            AcquirerNetworkSettings.single(settings).links[0], store: store, now: now, logger: logger, tracer: tracer,
            onStatusChange: onStatusChange)
    }

    /// One named link of several: its payments carry its identity, and it repeats only the
    /// reversals it owes.
    public init(_ named: NamedAcquirerLinkSettings, store: any Store,
                now: @escaping @Sendable () -> Date = Date.init, logger: Logger, tracer: any Tracer = NoOpTracer(),
                onStatusChange: @escaping @Sendable (ISO8583LinkStatus) -> Void = { _ in }) throws {
        let settings = named.settings
        name = named.name
        failover = named.failover
        var logger = logger
        logger[metadataKey: "acquirer_link"] = "\(named.name)"
        try settings.checkKeyExchange()
        let module = try Self.securityModule(settings)
        let traceNumbers = ISO8583TraceNumbers(source: StoreTraceNumbers(store: store))
        link = ISO8583Link(
            configuration: ISO8583LinkConfiguration(
                host: settings.host, port: settings.port, connections: settings.connections,
                echoInterval: settings.echoInterval, keyExchangeInterval: settings.keyExchangeInterval),
            tls: settings.tls.map { tls in
                ISO8583LinkTLS(serverName: settings.host, pinnedCertificateSHA256: tls.pinnedCertificateSHA256) {
                    try tls.makeContext()
                }
            },
            networkSTAN: { Int(try await traceNumbers.next(terminalId: ISO8583TraceNumbers.networkTerminal)) ?? 0 },
            logger: logger, now: now, onStatusChange: onStatusChange,
            messageAuthentication: module.canAuthenticateMessages ? module : nil)
        let transport = LinkTransport(link: link, tracer: tracer)
        let queue = StoreReversalQueue(store: store, processorId: named.identity.id, now: now)
        var configuration = ISO8583ProcessorConfiguration(
            responseTimeout: settings.responseTimeout, acquiringInstitutionId: settings.acquiringInstitutionId)
        configuration.identity = named.identity
        processor = ISO8583Processor(
            transport: transport, traceNumbers: traceNumbers,
            configuration: configuration,
            reversals: queue,
            encipherPIN: { pin, pan in try module.encipherPIN(pin, pan: pan) },
            now: now, logger: logger)
    }

    /// The processor's own forwarder, so that a round never sends a reversal the processor is
    /// sending at the time.
    var forwarder: ISO8583ReversalForwarder? { processor.reversalForwarder }

    /// Keeps the connections up until cancelled, then signs off and closes them.
    public func run() async { await link.run() }

    /// Repeats the reversals that are due; the job scheduler calls it each round.
    @discardableResult
    public func forwardDueReversals() async throws -> Int { try await forwarder?.forwardDue() ?? 0 }

    /// Keeps the connections up for as long as the gateway runs, signing off at shutdown.
    var service: some Service { LinkService(link: link) }

    private static func securityModule(_ settings: AcquirerLinkSettings) throws -> SoftwareSecurityModule {
        func bytes(_ hex: String?, _ problem: String) throws -> [UInt8]? {
            guard let hex else { return nil }
            guard let bytes = Hex.bytes(hex) else { throw ConfigurationError.invalid(problem) }
            return bytes
        }
        let pinProblem = "the zone PIN key must be 32 or 48 hex digits (a double- or triple-length key)"
        let macProblem = "TAPLINE_ACQUIRER_MAC_KEY must be 32 hex digits (a double-length key: the retail MAC has two keys)"
        let zonePINKey = try bytes(settings.zonePINKeyHex, pinProblem)
        let masterProblem = "TAPLINE_ACQUIRER_ZONE_MASTER_KEY must be 32 or 48 hex digits (a double- or triple-length key)"
        let macKey = try bytes(settings.macKeyHex, macProblem)
        let masterKey = try bytes(settings.zoneMasterKeyHex, masterProblem)
        do {
            return try SoftwareSecurityModule(zonePINKey: zonePINKey, terminalAuthenticationKey: macKey, zoneMasterKey: masterKey)
        } catch {
            switch error as? SecurityModuleError {
            case .invalidKey(.zonePIN): throw ConfigurationError.invalid(pinProblem)
            case .invalidKey(.zoneMaster): throw ConfigurationError.invalid(masterProblem)
            default: throw ConfigurationError.invalid(macProblem)
            }
        }
    }
}

private struct LinkService: Service {
    let link: ISO8583Link

    func run() async throws {
        await cancelWhenGracefulShutdown { await link.run() }
    }
}
