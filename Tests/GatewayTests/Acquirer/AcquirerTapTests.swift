import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Processing
import Storage
import Testing
import TestSupport

/// Taps through the acquirer link: the host parses field 55 (pyemv) and checks the PIN in
/// field 52 (psec); and a crash's unanswered operation is reversed by recovery.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerTapTests {
    private func post(_ session: TestSession, _ path: String, _ sealed: SealedCardData) async throws -> TestReply {
        try await session.send(.post, path, json: #"{"generalCardData":"\#(sealed.generalCardData)","paymentCardData":"\#(sealed.paymentCardData)"}"#,
                               headers: [TestSession.deviceHeader: TestSession.deviceId])
    }

    @Test func aTapThenItsPINAreDecidedByTheHost() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                let tapped = try await post(session, APIPath.sale, try session.tap(amount: 2_500)).decode(TransactionResource.self)
                #expect(tapped.status == .captured)
                let pan = TestCards.pinRequired.pan
                let soft = try await post(session, APIPath.sale, try session.tap(pan: pan, amount: 4_000)).decode(TransactionResource.self)
                #expect(soft.status == .pinRequired && soft.processor?.responseCode == "65")
                let token = try #require(soft.pin?.pinToken)
                let wrong = try await post(session, APIPath.pin(soft.id), try session.tap(pan: pan, amount: 4_000, pin: "9999", pinToken: token))
                #expect(try wrong.decode(TransactionResource.self).processor?.responseCode == "55", "\(wrong.text)")
                let right = try await post(session, APIPath.pin(soft.id), try session.tap(pan: pan, amount: 4_000, pin: "1234", pinToken: token))
                #expect(right.status == 200, "\(right.text)")
                #expect(try right.decode(TransactionResource.self).status == .captured)
            }
            let sales = try acquirer.host.received("0200")
            #expect(sales.count == 4)
            #expect(sales.allSatisfy { $0["22"] as? String == "071" && $0["2"] == nil })
            let chip = try #require(sales.first?["55"] as? [[String: Any]])
            let tags = chip.compactMap { $0["tag"] as? String }
            #expect(["9F26", "9F27", "9F10", "9F37", "9F36", "95", "9A", "9C", "9F02", "5F2A", "82", "9F1A", "9F34", "84"].allSatisfy(tags.contains))
            #expect(sales.filter { $0["52"] != nil }.count == 2, "each PIN try carries 52; the journal never shows it")
            let journal = acquirer.host.journalText()
            #expect(!journal.contains(TestCards.pinRequired.pan) && !journal.contains(TestCards.visaApproved.pan))
        }
    }

    /// A crash left a sale pending after its request went out: recovery fails it and sends a
    /// reversal naming the request by its trace, with no card data.
    @Test func recoveryReversesAnOperationACrashLeftUnanswered() async throws {
        try await AcquirerHarness.with { acquirer in
            let gateway = acquirer.gateway
            var row = Transaction(id: "t_crashed", merchantId: gateway.merchantId, type: .sale, status: .pending,
                                  currency: .usd, amount: 1_500, createMethod: .apiToken, createdAt: gateway.clock.now())
            row.processorTrace = try #require(try await acquirer.link.processor.prepareTrace(
                acquirer: AcquirerIdentity(merchantId: gateway.merchantId, cardAcceptorId: AcquirerHarness.cardAcceptorId,
                                           terminalId: AcquirerHarness.terminalId)))
            let pending = row
            try await gateway.store.write { try await $0.insert(pending) }
            gateway.clock.advance(by: 600)
            #expect(try await gateway.services.recovery.run() == 1)
            let failed = try await gateway.store.read { try await $0.transaction(id: "t_crashed", merchantId: gateway.merchantId) }
            #expect(failed?.status == .failed)
            await acquirer.waitForLog("reversal acknowledged")
            let reversal = try #require(try acquirer.host.received("0400").first)
            #expect(reversal["90"] as? String == "0200" + (row.processorTrace ?? "") + String(repeating: "0", count: 22))
            #expect(reversal["4"] as? String == "000000001500" && reversal["41"] as? String == AcquirerHarness.terminalId)
        }
    }
}
