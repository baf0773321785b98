import Foundation
import PaymentCore
@testable import TaplineSDK
import Testing

/// Every input check runs before any request: the client's gateway does not answer, so a
/// request would have surfaced as `.networkError`, never as a `.badRequest` without a status.
@Suite("SDK input checks before any request")
struct InputValidationTests {
    @Test func theOfflineClientWouldReportASentRequestAsANetworkError() async throws {
        let client = try offlineClient()
        let error = await thrownError { () async throws(TaplineAPIError) in _ = try await client.getTransactions() }
        guard case .networkError = error else {
            Issue.record("expected networkError, got \(String(describing: error))")
            return
        }
    }

    @Test func transactionFilters() async throws {
        await expectRefusedInput("page") { () throws(TaplineAPIError) in _ = try TransactionFilters(page: -1) }
        await expectRefusedInput("pageSize") { () throws(TaplineAPIError) in _ = try TransactionFilters(pageSize: 0) }
        await expectRefusedInput("pageSize") { () throws(TaplineAPIError) in _ = try TransactionFilters(pageSize: 101) }
        await expectRefusedInput("orderBy") { () throws(TaplineAPIError) in _ = try TransactionFilters(orderBy: "colour") }
        await expectRefusedInput("createdById") { () throws(TaplineAPIError) in _ = try TransactionFilters(createdById: "") }
        await expectRefusedInput("batchId") { () throws(TaplineAPIError) in _ = try TransactionFilters(batchId: "") }
        await expectRefusedInput("referenceId") { () throws(TaplineAPIError) in
            _ = try TransactionFilters(referenceId: String(repeating: "r", count: 256))
        }
        let now = Date()
        await expectRefusedInput("from") { () throws(TaplineAPIError) in _ = try TransactionFilters(from: now, to: now) }
        #expect(try TransactionFilters(page: 0, pageSize: 100, orderBy: "Date").pageSize == 100)
    }

    @Test func identifiers() async throws {
        let client = try offlineClient()
        for bad in ["", "..", "a/b", "a?b", "a b", String(repeating: "x", count: 129)] {
            await expectRefusedInput("id") { () async throws(TaplineAPIError) in _ = try await client.getTransactionDetails(id: bad) }
            await expectRefusedInput("transactionId") { () async throws(TaplineAPIError) in _ = try await client.voidTransaction(transactionId: bad) }
            await expectRefusedInput("transactionId") { () async throws(TaplineAPIError) in
                _ = try await client.refundTransaction(transactionId: bad, amount: 1.00)
            }
            await expectRefusedInput("deviceId") { () async throws(TaplineAPIError) in _ = try await client.getDeviceInfo(deviceId: bad) }
        }
    }

    @Test func keyedCardInput() async throws {
        let client = try offlineClient()
        let cases: [(String, CardTransactionInput)] = [
            ("amount", TestInput.card(Decimal(string: "12.345")!)),
            ("amount", TestInput.card(0)),
            ("amount", TestInput.card(-5)),
            ("amount", TestInput.card(Decimal(string: "10.5")!, currency: .jpy)),
            ("tipAmount", TestInput.card(10, tip: Decimal(string: "0.001")!)),
            ("tipAmount", TestInput.card(10, tip: -1)),
            ("accountNumber", TestInput.card(10, pan: "4242424242424241")),
            ("accountNumber", TestInput.card(10, pan: "4242")),
            ("referenceId", TestInput.card(10, referenceId: "")),
            ("expirationMonth", { var input = TestInput.card(10); input.expirationMonth = 13; return input }()),
            ("expirationYear", { var input = TestInput.card(10); input.expirationYear = 123; return input }()),
            ("securityCode", { var input = TestInput.card(10); input.securityCode = "12"; return input }()),
            ("customerId", { var input = TestInput.card(10); input.customerId = ""; return input }()),
        ]
        for (field, input) in cases {
            await expectRefusedInput(field) { () async throws(TaplineAPIError) in _ = try await client.submitSaleTransaction(input: input) }
            // An authorization of zero is a card verification, which the offline client cannot reach.
            guard input.amount.decimal != 0 else { continue }
            await expectRefusedInput(field) { () async throws(TaplineAPIError) in _ = try await client.submitAuthTransaction(input: input) }
        }
    }

    @Test func followUpAmounts() async throws {
        let client = try offlineClient()
        let id = "6f1c1e0a-58b4-4a5e-9d55-0f4b9a1f2c11"
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in _ = try await client.captureTransaction(transactionId: id, amount: 0.00) }
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in _ = try await client.refundTransaction(transactionId: id, amount: -1.00) }
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in _ = try await client.reverse(transactionId: id, amount: .zero(.usd)) }
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
            _ = try await client.incrementAuthorization(transactionId: id, amount: .zero(.usd))
        }
        await expectRefusedInput("tipAmount") { () async throws(TaplineAPIError) in _ = try await client.adjustTip(transactionId: id, tipAmount: Money(minorUnits: -1, currency: .usd)) }
        // With the currency given, its own digits count.
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
            _ = try await client.captureTransaction(transactionId: id, amount: MajorUnits(string: "1.001")!, currency: .usd)
        }
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
            _ = try await client.refundTransaction(transactionId: id, amount: 0.5, currency: .jpy)
        }
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
            _ = try await client.reverse(transactionId: id, amount: Money(minorUnits: Money.largestMinorUnits + 1, currency: .usd))
        }
        // Without it, more digits than any currency has are refused before the payment is fetched.
        await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
            _ = try await client.refundTransaction(transactionId: id, amount: MajorUnits(string: "1.0001")!)
        }
    }

    @Test func amountCalculation() async throws {
        let client = try offlineClient()
        let cases: [(String, AmountCalculationRequest)] = [
            ("amount", AmountCalculationRequest(amount: 0.00, currency: .usd)),
            ("amount", AmountCalculationRequest(amount: MajorUnits(string: "1.234")!, currency: .usd)),
            ("tipAmount", AmountCalculationRequest(amount: 10.00, currency: .usd, tipAmount: MajorUnits(string: "0.005")!)),
            ("tipRate", AmountCalculationRequest(amount: 10.00, currency: .usd, tipAmount: 1.00, tipRate: .percent(10))),
            ("percentageOffRate", AmountCalculationRequest(amount: 10.00, currency: .usd, percentageOffRate: .percent(101))),
            ("surchargeRate", AmountCalculationRequest(amount: 10.00, currency: .usd, surchargeRate: .fraction(-1))),
            ("tipRate", AmountCalculationRequest(amount: 10.00, currency: .usd, tipRate: .percent(-5))),
            ("percentageOffRate", AmountCalculationRequest(amount: 10.00, currency: .usd, percentageOffRate: .percent(Decimal(string: "2.12345")!))),
        ]
        for (field, request) in cases {
            await expectRefusedInput(field) { () async throws(TaplineAPIError) in _ = try await client.calculateAmount(request: request) }
        }
    }
}

extension InputValidationTests {
    /// A float literal goes through Double: `0.07` arrives inexact and is refused, with a hint.
    @Test func anInexactFloatLiteralIsRefusedWithAHint() async throws {
        let client = try offlineClient()
        let literal: Decimal = 0.07
        let error = await thrownError { () async throws(TaplineAPIError) in
            _ = try await client.submitSaleTransaction(input: TestInput.card(literal))
        }
        #expect(error?.problem?.field == "amount")
        #expect(error?.problem?.message.contains("Decimal(string:)") == true)
        #expect(try TestInput.card(Decimal(string: "0.07")!).wire(deviceId: "d").amount == 7)
    }
}
