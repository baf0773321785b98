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
    let gateway: GatewayHarness
    private let runner: Task<Void, Never>

    /// `flags` are the host's test controls; `store` lets two harnesses share a database.
    static func make(hostFlags: [String] = [], store: (any Store)? = nil, host given: AcquirerHostProcess? = nil,
                     processorTimeout: Duration = .seconds(10), setIds: Bool = true) async throws -> AcquirerHarness {
        let host = try given ?? AcquirerHostProcess(flags: hostFlags)
        let store = store ?? MemoryStore()
        var settings = AcquirerLinkSettings(host: "127.0.0.1", port: host.port)
        settings.zonePINKeyHex = zonePINKey
        let (statuses, continuation) = AsyncStream<Bool>.makeStream()
        let linkLogs = LogCapture()
        var logger = Logger(label: "acquirer-test") { _ in CapturingLogHandler(capture: linkLogs) }
        logger.logLevel = .trace
        let link = try AcquirerLink(settings, store: store, responseTimeout: processorTimeout, logger: logger,
                                    onStatusChange: { continuation.yield($0.isUp) })
        var configuration = GatewayConfiguration()
        configuration.processorTimeout = processorTimeout + .seconds(5)
        let gateway = try await GatewayHarness.make(store: store, processor: link.processor, configuration: configuration)
        if setIds {
            var ids = UpdatePaymentSettingsRequest()
            ids.acquirerMerchantId = .some(cardAcceptorId)
            ids.acquirerTerminalId = .some(terminalId)
            _ = try await gateway.services.admin.updatePaymentSettings(merchantId: gateway.merchantId, ids)
        }
        let runner = Task { await link.run() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { for await up in statuses where up { return } }
            // A watchdog, not a synchronisation: it only fires when the test is failing anyway.
            group.addTask {
                try await Task.sleep(for: .seconds(20))
                throw AcquirerHostProcess.HostFailure(message: "the link did not come up")
            }
            try await group.next()
            group.cancelAll()
        }
        return AcquirerHarness(host: host, link: link, linkLogs: linkLogs, gateway: gateway, runner: runner)
    }

    /// Runs `body` against a fresh harness, then stops the link and the host, also when
    /// `body` throws.
    static func with<T: Sendable>(hostFlags: [String] = [], store: (any Store)? = nil, setIds: Bool = true,
                                  processorTimeout: Duration = .seconds(10),
                                  _ body: (AcquirerHarness) async throws -> T) async throws -> T {
        let harness = try await make(hostFlags: hostFlags, store: store, processorTimeout: processorTimeout, setIds: setIds)
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
