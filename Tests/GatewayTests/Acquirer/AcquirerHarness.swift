import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import ProcessingISO8583
import Storage
import Testing
import TestSupport

/// A gateway whose processor is the acquirer link to a real `scripts/acquirer_host.py` on
/// loopback: the link runs for the harness's life, the merchant has its acquirer ids.
struct AcquirerHarness: Sendable {
    static let zonePINKey = "0123456789ABCDEFFEDCBA9876543210"
    static let terminalId = "TERM0001"
    static let cardAcceptorId = "MERCHANT000001"

    let host: AcquirerHostProcess
    let link: AcquirerLink
    /// Everything the link and its processor logged, down to trace (every message at debug).
    let linkLogs: LogCapture
    /// The same lines, and the link's status changes, to wait on.
    let events: AcquirerEvents
    let gateway: GatewayHarness
    private let runner: Task<Void, Never>

    /// `flags` are the host's test controls; `store` lets two harnesses share a database.
    /// `processorTimeout` is the link's wait for each answer (its response timeout setting);
    /// the gateway's own bound on a processor call, `gatewayTimeout`, is the settings' (5
    /// seconds more) unless given. `echoInterval` is how long a connection idles before its
    /// echo test. `keys`, `clock` and `cardData` are the gateway's (a host opening sealed
    /// card data needs the keys and the real time). `tls` puts the link on TLS; with
    /// `waitUntilUp` false the harness returns without waiting for a connection to sign on
    /// (for a link that must not). `keyExchangeInterval` has the link ask for a new working key
    /// that often. `tracing` is the gateway's, the link's spans too.
    static func make(hostFlags: [String] = [], store: (any Store)? = nil, host given: AcquirerHostProcess? = nil,
                     tls: AcquirerTLSSettings? = nil, waitUntilUp: Bool = true,
                     processorTimeout: Duration = .seconds(10), gatewayTimeout: Duration? = nil, connections: Int = 2,
                     echoInterval: Duration = .seconds(60), setIds: Bool = true, keys: GatewayKeys = .generate(),
                     clock: TestClock = TestClock(), cardData: CardDataMode = .tapline,
                     macKey: String? = nil, zoneMasterKey: String? = nil,
                     keyExchangeInterval: Duration? = nil, tracing: GatewayTracing = .off) async throws -> AcquirerHarness {
        let host = try given ?? AcquirerHostProcess(flags: hostFlags)
        let store = store ?? MemoryStore()
        var settings = AcquirerLinkSettings(host: "127.0.0.1", port: host.port)
        settings.zonePINKeyHex = zonePINKey
        settings.connections = connections
        settings.responseTimeout = processorTimeout
        settings.echoInterval = echoInterval
        settings.tls = tls
        settings.macKeyHex = macKey
        settings.zoneMasterKeyHex = zoneMasterKey
        settings.keyExchangeInterval = keyExchangeInterval
        let events = AcquirerEvents()
        let linkLogs = LogCapture()
        var logger = Logger(label: "acquirer-test") { _ in AcquirerLogHandler(events: events, capture: linkLogs) }
        logger.logLevel = .trace
        let link = try AcquirerLink(settings, store: store, logger: logger, tracer: tracing.tracer,
                                    onStatusChange: { events.status(isUp: $0.isUp) })
        var configuration = GatewayConfiguration()
        configuration.processorTimeout = gatewayTimeout ?? settings.gatewayTimeout
        configuration.cardData = cardData
        let gateway = try await GatewayHarness.make(
            store: store, processor: link.processor, clock: clock, keys: keys, configuration: configuration, tracing: tracing)
        if setIds {
            var ids = UpdatePaymentSettingsRequest()
            ids.acquirerMerchantId = .some(cardAcceptorId)
            ids.acquirerTerminalId = .some(terminalId)
            _ = try await gateway.services.admin.updatePaymentSettings(merchantId: gateway.merchantId, ids)
        }
        let runner = Task { await link.run() }
        let harness = AcquirerHarness(host: host, link: link, linkLogs: linkLogs, events: events, gateway: gateway, runner: runner)
        guard waitUntilUp else { return harness }
        guard await harness.waitUntilUp() else {
            await harness.stopLink()
            throw AcquirerHostProcess.HostFailure(message: "the link did not come up")
        }
        return harness
    }

    /// Waits until a connection is signed on; false (with an issue recorded) when none comes.
    @discardableResult
    func waitUntilUp(sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await events.wait(for: "the link up", sourceLocation: sourceLocation) { $0.statuses.last == true }
        return link.link.isUp
    }

    /// Waits until the link or its processor has logged `message` `count` times in all.
    @discardableResult
    func waitForLog(_ message: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async -> [AcquirerEvents.Line] {
        await events.wait(for: "\(count) × '\(message)'", sourceLocation: sourceLocation) { $0.lines(message).count >= count }
            .lines(message)
    }

    /// Runs `body` against a fresh harness, then stops the link and the host, also when
    /// `body` throws.
    static func with<T: Sendable>(hostFlags: [String] = [], store: (any Store)? = nil, setIds: Bool = true,
                                  processorTimeout: Duration = .seconds(10), gatewayTimeout: Duration? = nil, connections: Int = 2,
                                  echoInterval: Duration = .seconds(60),
                                  macKey: String? = nil, zoneMasterKey: String? = nil, keyExchangeInterval: Duration? = nil,
                                  _ body: (AcquirerHarness) async throws -> T) async throws -> T {
        let harness = try await make(hostFlags: hostFlags, store: store, processorTimeout: processorTimeout,
                                     gatewayTimeout: gatewayTimeout, connections: connections, echoInterval: echoInterval,
                                     setIds: setIds, macKey: macKey,
                                     zoneMasterKey: zoneMasterKey, keyExchangeInterval: keyExchangeInterval)
        do {
            let result = try await body(harness)
            await harness.stop()
            return result
        } catch {
            await harness.stop()
            throw error
        }
    }

    /// Signs the link off, leaving the host running (for a second harness on it).
    func stopLink() async {
        runner.cancel()
        await runner.value
    }

    /// Signs off and stops the host.
    func stop() async {
        runner.cancel()
        await runner.value
        await host.stop()
    }
}
