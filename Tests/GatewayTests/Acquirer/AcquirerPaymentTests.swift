import CardData
import Foundation
@testable import Gateway
import InteropSupport
import Processing
import GatewayAPI
import Testing
import TestSupport

/// Payments through the acquirer link end to end: the gateway in process, the link over
/// real TCP, and `scripts/acquirer_host.py` deciding with the simulator's test cards.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerPaymentTests {
    @Test func keyedSalesAreDecidedByTheHost() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let approved = try await session.pay(amount: 1_250)
                #expect(approved.status == .captured)
                #expect(approved.processor?.responseCode == "00")
                #expect(approved.processor?.authorizationCode?.count == 6)
                let declined = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.doNotHonour.pan))
                #expect(try declined.decode(TransactionResource.self).status == .declined)
                #expect(try declined.decode(TransactionResource.self).processor?.responseCode == "05")
                let partial = try await session.pay("authorization", pan: TestCards.amountDriven.pan, amount: 2_010)
                #expect(partial.status == .authorized && partial.amounts?.authorized == 1_005)
            }
            let sales = try acquirer.host.received("0200")
            #expect(sales.count == 2)
            #expect(sales.allSatisfy { $0["41"] as? String == AcquirerHarness.terminalId && $0["22"] as? String == "012" })
            #expect(sales.first?["2"] as? String == "424242******4242")
            #expect(try acquirer.host.received("0100").first?["4"] as? String == "000000002010")
            #expect(!acquirer.host.journalText().contains("4242424242424242"))
        }
    }

    @Test func everyFollowUpReachesTheHostAndItsBooksAgree() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let held = try await session.pay("authorization", amount: 10_000)
                #expect(try await session.followUp(held.id, .increment, json: #"{"amount":2000}"#).status == 201)
                #expect(try await session.followUp(held.id, .capture, json: #"{"amount":12000}"#).status == 201)
                let tip = try await session.followUp(held.id, .adjustTip, json: #"{"tipAmount":500}"#)
                #expect(tip.status == 201, "\(tip.text)")
                let refund = try await session.followUp(held.id, .refund, json: #"{"amount":2500}"#)
                #expect(refund.status == 201, "\(refund.text)")
                let paid = try await session.send(.get, APIPath.transaction(held.id)).decode(TransactionResource.self)
                #expect(paid.amounts?.captured == 12_500 && paid.amounts?.refunded == 2_500)

                let second = try await session.pay("authorization", amount: 8_000)
                #expect(try await session.followUp(second.id, .reverse, json: #"{"amount":3000}"#).status == 201)
                #expect(try await session.followUp(second.id, .void).status == 201)
                // The host refuses what its books do not allow: a capture of the voided hold.
                let late = try await session.followUp(second.id, .capture, json: #"{"amount":5000}"#)
                #expect(late.status == 409, "the gateway's own rules refuse it first: \(late.text)")
            }
            let completions = try acquirer.host.received("0220")
            #expect(completions.map { $0["3"] as? String } == ["000000", "020000"])
            #expect(completions.last?["54"] as? String == "0044840D000000000500")
            #expect(try acquirer.host.received("0100").count == 3)
            let reversals = try acquirer.host.received("0400")
            #expect(reversals.count == 2)
            #expect(reversals.first?["95"] != nil && reversals.last?["95"] == nil)
            let refund = try #require(try acquirer.host.received("0200").first)
            #expect(refund["3"] as? String == "200000" && refund["2"] == nil && refund["37"] != nil)
            // Every answer the host gave was an approval.
            let answers = try acquirer.host.journal().filter { $0["direction"] as? String == "out" && $0["mti"] as? String != "0810" }
            #expect(answers.allSatisfy { ($0["fields"] as? [String: Any])?["39"] as? String == "00" })
        }
    }

    @Test func aZeroAuthorizationIsAnAccountVerificationTheHostAnswers85() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let verified = try await session.pay("authorization", amount: 0)
                #expect(verified.type == .cardAuthentication && verified.status == .verified)
                #expect(verified.processor?.responseCode == "85")
                #expect(verified.stan?.count == 6, "the STAN the link sent it under")
                let linkRows = try await session.send(.get, APIPath.transactions).decode(TransactionList.self).items
                #expect(linkRows.allSatisfy { $0.stan != nil })
                let declined = try await session.pay("authorization", pan: TestCards.doNotHonour.pan, amount: 0)
                #expect(declined.status == .declined && declined.processor?.responseCode == "05")
            }
            let verifications = try acquirer.host.received("0100")
            #expect(verifications.count == 2)
            #expect(verifications.allSatisfy { $0["25"] as? String == "51" && $0["4"] as? String == "000000000000" })
            #expect(Set(verifications.compactMap { $0["11"] as? String }).count == 2, "each has its own STAN")
        }
    }

    @Test func aMerchantWithoutAcquirerIdsIsRefusedBeforeAnythingIsWritten() async throws {
        try await AcquirerHarness.with(setIds: false) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 409)
                #expect(reply.error?.code == "acquirer_not_configured")
                #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).items.isEmpty)
            }
            #expect(try acquirer.host.received("0200").isEmpty)
        }
    }

    /// The 0500 against the host's books: its totals agree after two sales and a refund,
    /// and a miscount is answered 95 with the host's own totals.
    @Test func reconciliationAgreesWithTheHostsBooks() async throws {
        try await AcquirerHarness.with { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let first = try await session.pay(amount: 1_000)
                _ = try await session.pay(amount: 2_000)
                #expect(try await session.followUp(first.id, .refund, json: #"{"amount":300}"#).status == 201)
            }
            let identity = AcquirerIdentity(merchantId: acquirer.gateway.merchantId, cardAcceptorId: AcquirerHarness.cardAcceptorId,
                                            terminalId: AcquirerHarness.terminalId)
            let wrong = ReconciliationRequest(acquirer: identity, currency: .usd, captureCount: 2, captureTotal: 2_999,
                                              refundCount: 1, refundTotal: 300)
            let mismatch = try #require(try await acquirer.link.processor.reconcile(wrong))
            #expect(mismatch.responseCode == "95" && mismatch.hostCaptureTotal == 3_000)
            // The host starts a new batch after each 0500: the same right totals agree only now.
            _ = try await acquirer.gateway.test { (session: TestSession) async throws in
                let again = try await session.pay(amount: 1_000)
                #expect(try await session.followUp(again.id, .refund, json: #"{"amount":300}"#).status == 201)
                _ = try await session.pay(amount: 2_000)
            }
            var right = wrong
            right.captureTotal = 3_000
            #expect(try await acquirer.link.processor.reconcile(right)?.agreed == true)
        }
    }

    @Test func theHostAndTheSimulatorShareTheTestCardTable() throws {
        let output = try PythonPeer.runScript(path: "scripts/acquirer_host.py", arguments: ["--print-cards"])
        let cards = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        let host = cards.map { card in
            [card["pan"], card["behaviour"], card["responseCode"], card["correctPIN"], card["wrongPINResponseCode"]]
                .map { $0 as? String ?? "-" }.joined(separator: " ")
        }
        let simulator = TestCards.all.map { card -> String in
            switch card.behaviour {
            case .approve: return "\(card.pan) approve - - -"
            case .decline(let code): return "\(card.pan) decline \(code) - -"
            case .pinRequired(let code, let pin, let wrong): return "\(card.pan) pinRequired \(code) \(pin) \(wrong)"
            case .processorError(let code): return "\(card.pan) processorError \(code) - -"
            case .noAnswer: return "\(card.pan) noAnswer - - -"
            case .amountDriven: return "\(card.pan) amountDriven - - -"
            // The host approves it: an acquirer's disputes come in its dispute file, not an answer.
            case .disputed: return "\(card.pan) approve - - -"
            }
        }
        #expect(host == simulator)
    }
}
