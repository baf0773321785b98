import CardData
import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// ARISE methods and types whose shape the SDK follows: named environments, the
/// `RefundRequest` form of `refundTransaction`, `TTPTransactionRequest`, ARISE's numbers and
/// names beside Tapline's, and the TTP error-code table.
@Suite("ARISE SDK surface")
struct AriseSDKSurfaceTests {
    @Test func namedEnvironmentsBesideACustomURL() throws {
        #expect(try TaplineEnvironment.uat(baseURL: "http://127.0.0.1:8080").name == .uat)
        #expect(try TaplineEnvironment.production(baseURL: "https://pay.example.com").name == .production)
        #expect(TaplineEnvironment(url: "http://10.0.0.2:8080")?.name == .custom)
        #expect(TaplineEnvironment.local.name == .uat)
        #expect(throws: TaplineEnvironment.URLError.productionNeedsHTTPS("http://pay.example.com")) {
            try TaplineEnvironment.production(baseURL: "http://pay.example.com")
        }
        #expect(throws: TaplineEnvironment.URLError.notAGatewayURL("ftp://x")) { try TaplineEnvironment.uat(baseURL: "ftp://x") }
        #expect(TaplineEnvironment(url: "/relative") == nil)
        let client = TaplineClient(environment: try .production(baseURL: "https://pay.example.com"))
        #expect(client.environment.baseURL.absoluteString == "https://pay.example.com")
    }

    @Test func refundRequestRefundsTheRestOrAnAmountAndChecksTheCardSource() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(20))
            await expectRefusedInput("cardDataSource") { () async throws(TaplineAPIError) in
                _ = try await client.refundTransaction(RefundRequest(transactionId: sale.transactionId, cardDataSource: .contactless))
            }
            let partial = try await client.refundTransaction(RefundRequest(transactionId: sale.transactionId, amount: 5.00))
            #expect(partial.status == .approved)
            let rest = try await client.refundTransaction(RefundRequest(transactionId: sale.transactionId, cardDataSource: .manual))
            #expect(rest.status == .approved)
            let details = try #require(try await client.getTransactionDetails(id: sale.transactionId))
            #expect(details.status == .refunded)
            #expect(details.amounts?.refundedAmount == 20)
            await expectRefusedInput("transactionId") { () async throws(TaplineAPIError) in
                _ = try await client.refundTransaction(RefundRequest(transactionId: ""))
            }
        }
    }

    @Test func ariseNumbersAndNamesSitBesideTaplines() {
        let operations: [(TransactionType, Int?, String)] = [
            (.authorization, 1, "Authorization"), (.sale, 2, "Sale"), (.capture, 3, "Capture"), (.void, 4, "Void"),
            (.refund, 5, "Refund"), (.incrementalAuthorization, 1, "Authorization"), (.reversal, 4, "Void"),
            (.tipAdjustment, nil, "TipAdjustment"), (.cardAuthentication, nil, "CardAuthentication"), (.achDebit, nil, "AchDebit"),
            (.chargeback, nil, "Chargeback"),
        ]
        for (type, id, name) in operations {
            #expect(OperationType(type)?.rawValue == id, "\(type)")
            #expect(type.ariseName == name, "\(type)")
        }
        #expect(TransactionType.allCases.count == operations.count, "every Tapline type has a row")
        #expect(Currency(code: "USD")?.ariseId == 1)
        #expect(Currency(code: "EUR")?.ariseId == nil)
        #expect(TransactionStatus.captured.ariseName(settled: false) == "Captured")
        #expect(TransactionStatus.captured.ariseName(settled: true) == "Settled")
        #expect(TransactionStatus.declined.ariseName(settled: false) == nil)
    }

    @Test func detailsCarryAriseIdsAndTheSource() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(20, referenceId: "order-9"))
            let details = try #require(try await client.getTransactionDetails(id: sale.transactionId))
            #expect(details.operationTypeId == 2)
            #expect(details.operationTypeName == "Sale")
            #expect(details.ariseStatus == "Captured")
            #expect(details.currencyId == 1)
            #expect(details.orderNumber == "order-9")
            #expect(details.merchantName == details.merchant?.name && details.merchantName != nil)
            #expect(details.merchantAddress == nil, "no profile set")
            #expect(details.paymentMethodType == .card && details.paymentMethodType.rawValue == 1)
            let processing = try #require(details.cardProcessingDetails)
            #expect(processing["maskedPan"] == "424242******4242" && processing["entryMode"] == "manual")
            #expect(processing["responseCode"] == "00" && processing["authCode"] == details.authCode && processing["stan"] == nil)
            #expect(details.source == SourceResponse(operationType: .sale, id: client.getDeviceId(), name: "Mobile App"))
            let summary = try #require(try await client.getTransactions().items.first { $0.id == sale.transactionId })
            #expect(summary.type == "Sale")
            #expect(summary.currencyCode == "USD")
            #expect(summary.source.name == "Mobile App")
        }
    }

    @Test func partialApprovalsAndTapsShowAriseStatusModeAndEMVTags() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            // The amount-driven card approves half of an amount ending in 10.
            let partial = try await client.submitAuthTransaction(
                input: TestInput.card(Decimal(string: "20.10")!, pan: TestCards.amountDriven.pan))
            #expect(partial.transaction.ariseStatus == "PartiallyAuthorized")
            #expect(partial.transaction.operationMode == "manual")
            #expect(partial.transaction.emvTags == nil && partial.transaction.cardTokenType == nil)
            let row = try #require(try await client.getTransactions().items.first { $0.id == partial.transactionId })
            #expect(row.ariseStatus == "PartiallyAuthorized" && row.operationMode == "manual")
        }
        try await TapFixture.run { fixture in
            let tapped = try await fixture.client.ttp.performTransaction(amount: 5.00)
            let id = try #require(tapped.transactionId)
            let details = try #require(try await fixture.client.getTransactionDetails(id: id))
            #expect(details.operationMode == "contactless")
            #expect(details.emvTags?["9F26"] == tapped.applicationCryptogram)
            #expect(details.emvTags?["4F"] == tapped.applicationIdentifier)
        }
    }

    @Test func ttpErrorCodesMapTaplineCausesToAriseCodes() {
        let cases: [(TTPError, TTPErrorCode?)] = [
            (.notCompatible(reasons: ["iPhone X"]), .dev003),
            (.transactionFailed(code: "processor_timeout", message: ""), .ec504),
            (.transactionFailed(code: "processor_error", message: ""), .ec502),
            (.transactionFailed(code: "processor_unavailable", message: ""), .ec503),
            (.transactionFailed(code: "NETWORK_ERROR", message: ""), .ec503),
            (.transactionFailed(code: "internal_error", message: ""), .ec500),
            (.transactionFailed(code: "invalid_json", message: ""), .data003),
            (.transactionFailed(code: "unknown_field", message: ""), .data002),
            (.transactionFailed(code: "not_found", message: ""), .data001),
            (.transactionFailed(code: "device_not_registered", message: ""), .data005),
            (.transactionFailed(code: "INVALID_RESPONSE", message: ""), .data012),
            (.transactionFailed(code: "card_data_tampered", message: ""), .crypto004),
            (.transactionFailed(code: "card_data_unknown_key", message: ""), .crypto005),
            (.transactionFailed(code: "card_data_unsupported_algorithm", message: ""), .crypto006),
            (.transactionFailed(code: "unauthorized", message: ""), .auth001),
            (.transactionFailed(code: "CARD_READ_TIMEOUT", message: ""), nil),
            (.notActive, nil),
        ]
        for (error, expected) in cases { #expect(error.errorCode == expected, "\(error)") }
        #expect(TTPErrorCode.ec504.isRecoverable && !TTPErrorCode.dev003.isRecoverable)
        // Every ARISE code either has a Tapline cause or is listed as having none, and the
        // causes do not overlap (one Tapline code, one ARISE code).
        let causes = TTPErrorCode.causes.values.flatMap { $0 }
        #expect(causes.count == Set(causes).count)
        #expect(TTPErrorCode.withoutTaplineCause.count + TTPErrorCode.causes.count == TTPErrorCode.allCases.count)
        #expect(TTPErrorCode.withoutTaplineCause.count == 30, "docs/ios.md lists 30 codes with no Tapline cause")
        #expect(TTPErrorCode.allCases.count == 44, "ARISE's table has 44 codes")
    }
}

/// ARISE `CardAuthentication`: `submitAuthTransaction` with amount 0.
@Suite("ARISE card authentication through the SDK")
struct AriseCardAuthenticationTests {
    @Test func anAuthorizationOfZeroVerifiesTheCard() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let verified = try await client.submitAuthTransaction(input: TestInput.card(0))
            #expect(verified.operationType == .cardAuthentication)
            #expect(verified.status == .verified)
            #expect(verified.processedAmount == 0)
            #expect(verified.transaction.operationTypeName == "CardAuthentication")
            #expect(verified.transaction.ariseStatus == "Verified")
            await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
                _ = try await client.submitSaleTransaction(input: TestInput.card(0))
            }
        }
    }
}
