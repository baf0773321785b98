import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Processing
import Storage
import Testing
import TestSupport

/// Several acquirer links against two real test hosts: routing by brand and BIN, follow-ups
/// to the payment's own link, failover only when nothing was sent, and reconciliation per
/// link (docs/iso8583.md, "Several acquirers").
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerRoutingTests {
    /// The requests (not network messages) a host received.
    private static func requests(_ host: AcquirerHostProcess) throws -> [String] {
        try host.journal().filter { $0["direction"] as? String == "in" }.compactMap { $0["mti"] as? String }
            .filter { !$0.hasPrefix("08") }
    }

    @Test func rulesChooseTheLinkAndFollowUpsGoWhereTheirPaymentWent() async throws {
        try await TwoAcquirers.with { two in
            try await two.gateway.test { (session: TestSession) async throws in
                await two.wait("north")
                await two.wait("south")
                let visa = try await session.pay(amount: 1_000)
                let amex = try await session.pay(pan: "378282246310005", amount: 2_000)
                let held = try await session.pay("authorization", pan: "5555555555554444", amount: 3_000)
                #expect(visa.paymentProcessorId == TwoAcquirers.northId && visa.paymentProcessorName == "ISO 8583 acquirer north")
                #expect(amex.paymentProcessorId == TwoAcquirers.southId)
                #expect(held.paymentProcessorId == TwoAcquirers.southId)
                #expect(try Self.requests(two.north) == ["0200"])
                #expect(try Self.requests(two.south) == ["0200", "0100"])

                // The capture and the refund go to the payments' own links, whatever the rules say.
                #expect(try await session.followUp(held.id, .capture, json: #"{"amount":3000}"#).status == 201)
                #expect(try await session.followUp(visa.id, .refund, json: #"{"amount":400}"#).status == 201)
                #expect(try Self.requests(two.north) == ["0200", "0200"])
                #expect(try Self.requests(two.south) == ["0200", "0100", "0220"])

                let ready = try await session.send(.get, APIPath.ready)
                #expect(ready.status == 200)
                #expect(try ready.decode(ReadinessResponse.self).links == ["north": "up", "south": "up"])
                let settings = try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self)
                #expect(settings.availablePaymentProcessors.map(\.id) == [TwoAcquirers.northId, TwoAcquirers.southId])
                #expect(settings.availablePaymentProcessors.map(\.isDefault) == [true, false])

                // A payment that names a link goes there, not where the rules send it.
                let body = TestSession.cardBody(pan: "378282246310005", amount: 500).dropLast() + #","paymentProcessorId":"\#(TwoAcquirers.northId)"}"#
                let named = try await session.send(.post, APIPath.sale, json: String(body))
                #expect(try named.decode(TransactionResource.self).paymentProcessorId == TwoAcquirers.northId)
            }
        }
    }

    @Test func aLinkWithNoConnectionUpFailsOverAndOneThatWasSentToDoesNot() async throws {
        try await TwoAcquirers.with(northTimeout: .milliseconds(500)) { two in
            try await two.gateway.test { (session: TestSession) async throws in
                await two.wait("north")
                await two.wait("south")
                // Sent to north and never answered: reversed at north, never tried at south.
                let lost = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan, amount: 4_000))
                #expect(lost.status == 504)
                let acknowledged = await two.logs.wait(for: "the reversal acknowledged") { !$0.lines("reversal acknowledged").isEmpty }
                #expect(acknowledged.lines("reversal acknowledged").map { $0.metadata["acquirer_link"] } == ["north"])
                #expect(try Self.requests(two.north) == ["0200", "0400"])
                #expect(try Self.requests(two.south).isEmpty)

                // North goes down: nothing can be sent there, so its payments go south.
                let down = ContinuousClock.now
                await two.north.stop()
                await two.wait("north", up: false)
                let moved = try await session.pay(amount: 1_500)
                print("failover: the first sale after north's host stopped was approved at south \(ContinuousClock.now - down) later")
                #expect(moved.paymentProcessorId == TwoAcquirers.southId)
                #expect(try Self.requests(two.south) == ["0200"])
                let ready = try await session.send(.get, APIPath.ready)
                #expect(ready.status == 200)
                #expect(try ready.decode(ReadinessResponse.self).links == ["north": "down", "south": "up"])
            }
        }
    }

    @Test func eachLinkReconcilesThePaymentsItTook() async throws {
        try await TwoAcquirers.with { two in
            try await two.gateway.test { (session: TestSession) async throws in
                await two.wait("north")
                await two.wait("south")
                _ = try await session.pay(amount: 1_000)
                _ = try await session.pay(pan: "378282246310005", amount: 2_500)
                let batch = try await session.send(.post, APIPath.closeBatch).decode(BatchResource.self)
                let reconciliation = try #require(batch.reconciliation)
                #expect(reconciliation.status == "agreed")
                let byLink = Dictionary(uniqueKeysWithValues: reconciliation.lines.map { ($0.paymentProcessorId ?? "", $0) })
                #expect(byLink[TwoAcquirers.northId]?.captureTotal == 1_000 && byLink[TwoAcquirers.northId]?.acquirerCaptureTotal == 1_000)
                #expect(byLink[TwoAcquirers.southId]?.captureTotal == 2_500 && byLink[TwoAcquirers.southId]?.acquirerCaptureTotal == 2_500)
            }
            #expect(try two.north.received("0500").map { $0["63"] as? String } == ["0000000001" + "0000000000001000" + "0000000000" + "0000000000000000"])
            #expect(try two.south.received("0500").map { $0["63"] as? String } == ["0000000001" + "0000000000002500" + "0000000000" + "0000000000000000"])
        }
    }
}
