import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import Processing
import Storage
import Testing
import TestSupport

/// A gateway with two acquirer links to two real test hosts: `north`, the default, which
/// fails over to `south`; amex cards and the BIN range 555555 go to `south`. The application
/// runs both links, as `serve` does.
struct TwoAcquirers: Sendable {
    let north: AcquirerHostProcess
    let south: AcquirerHostProcess
    /// Each link's ups and downs, by name.
    let events: [String: AcquirerEvents]
    /// Both links' log lines, each with its `acquirer_link`.
    let logs: AcquirerEvents
    let gateway: GatewayHarness
    let network: AcquirerNetwork

    static func with<T: Sendable>(northFlags: [String] = [], southFlags: [String] = [], northTimeout: Duration = .seconds(10),
                                  _ body: (TwoAcquirers) async throws -> T) async throws -> T {
        let north = try AcquirerHostProcess(flags: northFlags)
        let south = try AcquirerHostProcess(flags: southFlags)
        var northSettings = AcquirerLinkSettings(host: "127.0.0.1", port: north.port)
        northSettings.responseTimeout = northTimeout
        northSettings.connections = 1
        var southSettings = AcquirerLinkSettings(host: "127.0.0.1", port: south.port)
        southSettings.connections = 1
        let settings = AcquirerNetworkSettings(
            links: [
                NamedAcquirerLinkSettings(name: "north", identity: .acquirerLink(named: "north"), settings: northSettings, failover: "south"),
                NamedAcquirerLinkSettings(name: "south", identity: .acquirerLink(named: "south"), settings: southSettings),
            ],
            routing: AcquirerRouting(defaultLink: "north", routes: [
                AcquirerRoute(link: "south", brands: [.amex]), AcquirerRoute(link: "south", bins: [BINRange("555555")!]),
            ]))
        let events = ["north": AcquirerEvents(), "south": AcquirerEvents()]
        let store = MemoryStore()
        let logs = AcquirerEvents()
        var logger = Logger(label: "two-acquirers") { _ in AcquirerLogHandler(events: logs, capture: LogCapture()) }
        logger.logLevel = .debug
        let network = try AcquirerNetwork(settings, store: store, logger: logger) { name, status in
            events[name]?.status(isUp: status.isUp)
        }
        var configuration = GatewayConfiguration()
        configuration.processorTimeout = max(northSettings.gatewayTimeout, southSettings.gatewayTimeout)
        let gateway = try await GatewayHarness.make(
            store: store, processor: network.primary.processor, configuration: configuration, acquirers: network)
        var ids = UpdatePaymentSettingsRequest()
        ids.acquirerMerchantId = .some(AcquirerHarness.cardAcceptorId)
        ids.acquirerTerminalId = .some(AcquirerHarness.terminalId)
        _ = try await gateway.services.admin.updatePaymentSettings(merchantId: gateway.merchantId, ids)
        let two = TwoAcquirers(north: north, south: south, events: events, logs: logs, gateway: gateway, network: network)
        do {
            let result = try await body(two)
            await north.stop()
            await south.stop()
            return result
        } catch {
            await north.stop()
            await south.stop()
            throw error
        }
    }

    /// Waits until the link's last status is `up`.
    func wait(_ link: String, up: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) async {
        await events[link]?.wait(for: "\(link) \(up ? "up" : "down")", sourceLocation: sourceLocation) { $0.statuses.last == up }
    }

    static let northId = ProcessorIdentity.acquirerLink(named: "north").id
    static let southId = ProcessorIdentity.acquirerLink(named: "south").id
}
