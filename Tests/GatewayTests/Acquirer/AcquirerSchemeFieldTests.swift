import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

/// The fields schemes require, end to end: the merchant's MCC setting and profile reach
/// `scripts/acquirer_host.py` as 18 and 43, the payment's kind as 60, and the host (which
/// checks their formats itself) approves.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerSchemeFieldTests {
    @Test func theMerchantsMCCProfileAndPOSDataReachTheHost() async throws {
        try await AcquirerHarness.with { acquirer in
            let admin = acquirer.gateway.services.admin, merchantId = acquirer.gateway.merchantId
            try await acquirer.gateway.test { (session: TestSession) async throws in
                // Before any setting: the default MCC; a profile without a city or country.
                #expect(try await session.pay(amount: 1_000).status == .captured)
                _ = try await admin.updatePaymentSettings(merchantId: merchantId, UpdatePaymentSettingsRequest(merchantCategoryCode: .some("5812")))
                _ = try await admin.updateProfile(merchantId: merchantId, MerchantProfile(city: "Zürich", country: "CH"))
                let body = TestSession.cardBody(amount: 2_000).replacingOccurrences(of: "}", with: #","customerInitiatedTransaction":false}"#)
                let reply = try await session.send(.post, APIPath.sale, json: body)
                #expect(try reply.decode(TransactionResource.self).status == .captured, "\(reply.text)")
            }
            let sales = try acquirer.host.received("0200")
            #expect(sales.map { $0["18"] as? String } == ["5999", "5812"])
            #expect(sales.map { $0["43"] as? String } == [
                "Test Merchant" + String(repeating: " ", count: 27),
                "Test Merchant" + String(repeating: " ", count: 12) + "Zurich" + String(repeating: " ", count: 7) + "CH",
            ])
            #expect(sales.map { $0["60"] as? String } == ["0210010", "0210012"])
            let answers = try acquirer.host.journal().filter { $0["direction"] as? String == "out" && $0["mti"] as? String == "0210" }
            #expect(answers.map { ($0["fields"] as? [String: Any])?["39"] as? String } == ["00", "00"])
        }
    }

    /// The host answers an approved tap with 55 = 91 (issuer authentication data): it is kept
    /// on the payment (`cardPresent.emvResponse`), shown by the API and in Halo's `tags`.
    @Test func theIssuersAnswerToTheCardComesBackOnATap() async throws {
        try await AcquirerHarness.with { acquirer in
            let tapped = try await acquirer.gateway.test { (session: TestSession) async throws -> TransactionResource in
                try await session.activateDevice()
                let sealed = try session.tap(amount: 2_500)
                let reply = try await session.send(
                    .post, APIPath.sale, json: #"{"generalCardData":"\#(sealed.generalCardData)","paymentCardData":"\#(sealed.paymentCardData)"}"#,
                    headers: [TestSession.deviceHeader: TestSession.deviceId])
                let tapped = try reply.decode(TransactionResource.self)
                #expect(tapped.status == .captured, "\(reply.text)")
                let again = try await session.send(.get, APIPath.transaction(tapped.id)).decode(TransactionResource.self)
                #expect(again.cardPresent?.emvResponse == tapped.cardPresent?.emvResponse)
                return tapped
            }
            let answer = try #require(try acquirer.host.journal().last { $0["direction"] as? String == "out" && $0["mti"] as? String == "0210" })
            let chip = try #require((answer["fields"] as? [String: Any])?["55"] as? [[String: Any]])
            #expect(chip.compactMap { $0["tag"] as? String } == ["91"])
            let value = try #require(chip.first?["value"] as? String)
            #expect(value.count == 20 && value.hasSuffix("3030"))
            #expect(tapped.cardPresent?.emvResponse == "910A" + value.uppercased())
            let row = try #require(try await acquirer.gateway.store.read { try await $0.transaction(id: tapped.id, merchantId: acquirer.gateway.merchantId) })
            #expect(HaloExtras.tags(row).last == "910A" + value.uppercased())
            // The answer came because the request carried the tap's chip data.
            #expect(try acquirer.host.received("0200").first?["55"] != nil)
        }
    }
}
