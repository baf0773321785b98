import Crypto
import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import PaymentCore
import Storage
import Testing

/// `GET /v1/transactions/{id}/receipt`: the merchant's profile, the decision, amounts and
/// totals, the masked card and a tap's EMV data, as JSON or as a page that loads nothing;
/// a payment's or refund's only, the merchant's own only.
@Suite("Receipts: JSON and HTML")
struct ReceiptRouteTests {
    static let html: HTTPFields = [.accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]

    static func receipt(_ session: TestSession, _ id: String) async throws -> ReceiptResource {
        let reply = try await session.send(.get, APIPath.receipt(id))
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode(ReceiptResource.self)
    }

    static func profile(_ harness: GatewayHarness) async throws {
        _ = try await harness.services.admin.updateProfile(merchantId: harness.merchantId, MerchantProfile(
            addressLine1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US",
            phoneNumber: "+1 217 555 0100", website: "https://corner.example"))
    }

    @Test func aKeyedSalesReceiptHasTheMerchantTheDecisionAndTheTotals() async throws {
        let harness = try await GatewayHarness.make()
        try await Self.profile(harness)
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 2_500, tip: 300)
            #expect(try await session.followUp(sale.id, .refund, json: #"{"amount":700}"#).status == 201)
            let reply = try await session.send(.get, APIPath.receipt(sale.id))
            #expect(!reply.text.contains("4242424242424242"), "never the full card number")
            let receipt = try reply.decode(ReceiptResource.self)
            #expect(receipt.merchant.address == "1 Main St, Springfield, IL 62701, US" && receipt.merchant.phoneNumber == "+1 217 555 0100")
            #expect(receipt.type == .purchase && receipt.transactionType == .sale && receipt.status == .captured)
            #expect(receipt.responseCode == .approved && receipt.actionCode == "00" && receipt.authCode != nil)
            #expect(receipt.amount == 2_800 && receipt.authorisedAmount == 2_800 && receipt.gratuityAmount == 300 && receipt.currency == "USD")
            #expect(receipt.totals?.captured == 2_800 && receipt.totals?.refunded == 700 && receipt.net == 2_100)
            #expect(receipt.panStart == "424242" && receipt.panLastFour == "4242" && receipt.cardBrand == "visa")
            #expect(receipt.paymentInterface == "manual" && receipt.captured && receipt.saleReferenceId == "order-1")
            #expect(receipt.aid == nil && receipt.applicationCryptogram == nil, "a keyed card has no EMV data")
        }
    }

    @Test func aRefundsReceiptNamesItsCardAndCountsNegative() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 2_500)
            let refund = try await session.followUp(sale.id, .refund, json: #"{"amount":700}"#).decode(FollowUpResponse.self)
            let receipt = try await Self.receipt(session, refund.operation.id)
            #expect(receipt.type == .refund && receipt.transactionType == .refund && receipt.amount == 700)
            #expect(receipt.authorisedAmount == 700 && receipt.net == -700 && receipt.totals == nil && receipt.captured)
            #expect(receipt.panLastFour == "4242" && receipt.saleReferenceId == "order-1", "the card and reference of the payment it refunds")
        }
    }

    @Test func aPartialApprovalAndADeclineSayWhatWasApproved() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let partial = try await session.pay(pan: "4000000000000077", amount: 2_010)
            let declined = try await session.pay(pan: "4000000000000002", amount: 1_200)
            let half = try await Self.receipt(session, partial.id)
            #expect(half.amount == 2_010 && half.authorisedAmount == 1_005 && half.responseCode == .approved)
            let refused = try await Self.receipt(session, declined.id)
            #expect(refused.responseCode == .declined && refused.authorisedAmount == 0 && refused.actionCode == "05" && !refused.captured)
            let page = try await session.send(.get, APIPath.receipt(partial.id), headers: Self.html).text
            #expect(page.contains("<dt>Asked</dt><dd>$20.10</dd>") && page.contains(#"<p class="total">$10.05</p>"#), "\(page)")
        }
    }

    @Test func aTapsReceiptListsTheEMVData() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let tap = try await SignatureRequiredTests.tap(session, cvm: Data([0x1F, 0x03, 0x02]))
            let receipt = try await Self.receipt(session, tap.id)
            #expect(receipt.paymentInterface == "contactless" && receipt.aid != nil && receipt.applicationLabel != nil)
            #expect(receipt.terminalVerificationResults != nil && receipt.applicationCryptogram != nil && receipt.applicationTransactionCounter != nil)
            #expect(receipt.authenticationMethod == "No CVM required" && receipt.terminalSerialNumber == TestSession.deviceId)
            #expect(receipt.aid == tap.cardPresent?.applicationId && receipt.applicationCryptogram == tap.cardPresent?.cryptogram)
            let page = try await session.send(.get, APIPath.receipt(tap.id), headers: Self.html).text
            #expect(page.contains("<dt>AID</dt><dd>\(receipt.aid ?? "")</dd>") && page.contains("<dt>ARC</dt><dd>00</dd>"))
        }
    }

    @Test func theHTMLLoadsNothingAndItsStyleIsAllowedByItsHash() async throws {
        let harness = try await GatewayHarness.make()
        _ = try await harness.services.admin.updateProfile(merchantId: harness.merchantId, MerchantProfile(city: "<script>alert(1)</script>"))
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.patchSettings(#"{"locale":"de-DE","availableCurrencies":["EUR"]}"#).status == 200)
            let sale = try await session.pay(amount: 123_456, currency: "EUR")
            let reply = try await session.send(.get, APIPath.receipt(sale.id), headers: Self.html)
            #expect(reply.status == 200 && reply.headers[.contentType] == "text/html; charset=utf-8")
            let page = reply.text
            #expect(page.contains(#"<p class="total">1.234,56&#160;€</p>"#) || page.contains("<p class=\"total\">1.234,56\u{A0}€</p>"), "\(page)")
            #expect(!page.contains("<script>") && page.contains("&lt;script&gt;"), "the profile's text is escaped")
            let policy = try #require(reply.headers[.contentSecurityPolicy])
            #expect(policy.hasPrefix("default-src 'none';") && policy.contains("img-src data:"))
            // The hash in the policy is the hash of the style block the page carries.
            let style = try #require(page.firstMatch(of: /<style>((?s).*?)<\/style>/)).1
            let hash = "sha256-" + Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
            #expect(policy.contains("style-src '\(hash)'"), "\(policy)")
            #expect(try await session.send(.get, APIPath.receipt(sale.id), headers: [.accept: "application/json, text/html"]).headers[.contentType]?
                .hasPrefix("application/json") == true)
        }
    }

    @Test func onlyAPaymentOrARefundOfThisMerchantHasOne() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let auth = try await session.pay("authorization", amount: 1_000)
            let capture = try await session.followUp(auth.id, .capture, json: "{}").decode(FollowUpResponse.self)
            let ofCapture = try await session.send(.get, APIPath.receipt(capture.operation.id))
            #expect(ofCapture.status == 404 && ofCapture.error?.message.contains(APIPath.receipt(auth.id)) == true, "\(ofCapture.text)")
            #expect(try await session.send(.get, APIPath.receipt("no-such-id")).status == 404)
            let other = try await harness.otherMerchantToken(session.client)
            let foreign = try await session.send(.get, APIPath.receipt(auth.id), token: other)
            #expect(foreign.status == 404 && foreign.error?.code == "not_found")
            #expect(try await session.send(.get, APIPath.receipt(auth.id), token: other, headers: Self.html).status == 404)
        }
    }
}
