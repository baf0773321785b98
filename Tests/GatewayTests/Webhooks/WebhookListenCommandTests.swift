import Foundation
import GatewayAPI
import Testing
import TestSupport

/// `tapline webhooks listen` against a real `tapline serve` and a real local receiver: each
/// new event arrives once, signed as the gateway signs deliveries, with a line naming it and
/// the local answer; a receiver that is down is a failed line and listening goes on.
@Suite("tapline webhooks listen")
struct WebhookListenCommandTests {
    static let secret = "whsec_listen-test-secret"

    @Test func aSaleArrivesOnceSignedAndTheLineNamesTypeIdAndStatus() async throws {
        let gateway = try await WebhookCLIGateway.start()
        defer { gateway.stop() }
        let before = try await gateway.sale()
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            // The receiver runs in the test process, which CI loads with 1,500 other tests: a
            // generous timeout, so that a slow answer is still the 200 it is.
            let listen = try await ListenProcess(
                ["--forward-to", url, "--secret", Self.secret, "--timeout", "120"], environment: gateway.environment, in: gateway.directory)
            #expect(listen.lines.contains("Signing secret: \(Self.secret)"))
            let sale = try await gateway.sale()
            try await gateway.refund(sale)
            let events = try await gateway.events(transactionId: sale)
            let captured = try #require(events.first { $0.type == "transaction.captured" })
            let refunded = try #require(events.first { $0.type == "transaction.refunded" })
            for event in events { try await listen.line { $0 == "\(event.type) \(event.id) -> 200" } }
            #expect(listen.lines.contains("transaction.captured \(captured.id) -> 200"))
            #expect(listen.lines.contains("transaction.refunded \(refunded.id) -> 200"))

            let deliveries = receiver.received.filter { $0.headers["tapline-event-id"] == captured.id }
            #expect(deliveries.count == 1, "exactly once: \(listen.lines)")
            let delivery = try #require(deliveries.first)
            let header = try #require(delivery.headers["tapline-signature"])
            // The verifier the gateway's deliveries are checked with (and the SDK's TaplineWebhooks).
            #expect(throws: Never.self) { try WebhookSignature.verify(payload: delivery.body, header: header, secret: Self.secret) }
            #expect(throws: WebhookSignatureError.signatureMismatch) {
                try WebhookSignature.verify(payload: delivery.body, header: header, secret: "whsec_another")
            }
            #expect(delivery.headers["tapline-event-type"] == "transaction.captured")
            #expect(delivery.headers["user-agent"] == "Tapline-Webhooks/1")
            let payload = try APIJSON.decoder.decode(WebhookEventPayload.self, from: delivery.body)
            #expect(payload == captured && payload.data.transaction?.id == sale)
            // Events from before the start are not forwarded.
            let old = Set(try await gateway.events(transactionId: before).map(\.id))
            #expect(!receiver.received.contains { old.contains($0.headers["tapline-event-id"] ?? "") })
            #expect(Set(receiver.received.compactMap { $0.headers["tapline-event-id"] }) == Set(events.map(\.id)))

            #expect(try await listen.stop() == 0, "\(listen.standardError)")
            #expect(listen.lines.last == "Stopped.")
        }
    }

    @Test func aReceiverThatIsDownIsAFailedLineAndListeningGoesOn() async throws {
        let gateway = try await WebhookCLIGateway.start()
        defer { gateway.stop() }
        let down = try LoopbackPort()
        let listen = try await ListenProcess(
            ["--forward-to", down.url, "--events", "transaction.captured"], environment: gateway.environment, in: gateway.directory)
        for _ in 0..<2 {
            let sale = try await gateway.sale()
            let event = try #require(try await gateway.events(transactionId: sale, type: "transaction.captured").first)
            try await listen.line { $0 == "transaction.captured \(event.id) -> failed: connection refused" }
        }
        #expect(listen.lines.count == 4, "the secret, Ready, one line per captured event (the filter keeps transaction.created out): \(listen.lines)")
        #expect(try await listen.stop() == 0)
    }

    @Test func aSlowReceiverIsATimedOutLineAndTheNextEventStillArrives() async throws {
        let gateway = try await WebhookCLIGateway.start()
        defer { gateway.stop() }
        let receiver = WebhookReceiver(holdingFirst: 1)
        try await receiver.run { url in try await Self.slowThenAnswered(gateway: gateway, receiver: receiver, url: url) }
    }

    /// The first event meets a receiver that holds it past `--timeout 20`, the second one's 200.
    /// (20 s, not 1: the receiver runs in the test process, which CI loads with 1,500 other
    /// tests, and the second answer must come within the same timeout.)
    static func slowThenAnswered(gateway: WebhookCLIGateway, receiver: WebhookReceiver, url: String) async throws {
        let listen = try await ListenProcess(
            ["--forward-to", url, "--events", "transaction.captured", "--timeout", "20"], environment: gateway.environment, in: gateway.directory)
        let secretLine = try #require(listen.lines.first { $0.hasPrefix("Signing secret: whsec_") })
        let secret = String(secretLine.dropFirst("Signing secret: ".count))
        let first = try await gateway.sale()
        let firstEvent = try #require(try await gateway.events(transactionId: first, type: "transaction.captured").first)
        try await listen.line { $0 == "transaction.captured \(firstEvent.id) -> failed: timed out after 20 s" }
        let second = try await gateway.sale()
        let secondEvent = try #require(try await gateway.events(transactionId: second, type: "transaction.captured").first)
        try await listen.line { $0 == "transaction.captured \(secondEvent.id) -> 200" }
        #expect(receiver.received.map { $0.headers["tapline-event-id"] } == [firstEvent.id, secondEvent.id])
        let delivery = try #require(receiver.received.last)
        let header = delivery.headers["tapline-signature"] ?? ""
        #expect(throws: Never.self) { try WebhookSignature.verify(payload: delivery.body, header: header, secret: secret) }
        let status = try await listen.stop()
        #expect(status == 0)
    }

    @Test func wrongCredentialsAreOneErrorLineAndANonZeroExit() async throws {
        let gateway = try await WebhookCLIGateway.start()
        defer { gateway.stop() }
        var environment = gateway.environment
        environment["TAPLINE_CLIENT_SECRET"] = "not-the-secret"
        let run = try await TaplineRun.run(["webhooks", "listen", "--forward-to", "http://127.0.0.1:9/hook"], environment: environment)
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("refused the client id and secret"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func anUnreachableGatewayIsOneErrorLineAndANonZeroExit() async throws {
        let nobody = try LoopbackPort()
        let run = try await TaplineRun.run(["webhooks", "listen", "--forward-to", "http://127.0.0.1:9/hook"], environment: [
            "TAPLINE_URL": "http://127.0.0.1:\(nobody.port)", "TAPLINE_CLIENT_ID": "id", "TAPLINE_CLIENT_SECRET": "secret",
        ])
        #expect(run.status != 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("cannot reach the gateway at http://127.0.0.1:\(nobody.port)"), "\(run.standardError)")
    }
}
