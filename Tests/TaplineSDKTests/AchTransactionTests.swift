import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// ACH through the SDK against a live gateway: a debit of a bank account, its cancel, and
/// a debit that clears and is refunded, named as ARISE names each (AchDebit, AchCancel,
/// AchRefund; Scheduled, InProgress, Cleared, Cancelled, Refunded).
@Suite("SDK: ACH debit, cancel and refund")
struct AchTransactionTests {
    static func input(_ amount: MajorUnits = 25.00, account: String = "123456789") -> AchTransactionInput {
        AchTransactionInput(
            amount: amount, accountNumber: account, routingNumber: "011000015", accountType: .savings,
            accountHolderType: .business, accountHolderName: "Acme Ltd", taxId: "271828182", referenceId: "INV-7")
    }

    @Test func aDebitIsScheduledThenClearedThenRefundedInPartAndInFull() async throws {
        let clock = TestClock()
        let gateway = try await LiveGateway.make(now: clock.read)
        try await gateway.run { environment in
            let client = try await gateway.client(environment, now: clock.read)
            let debit = try await client.submitAchDebitTransaction(input: Self.input())
            #expect(debit.status == .scheduled && debit.ariseStatus == "Scheduled")
            #expect(debit.paymentMethodType == .electronicCheck && debit.ariseTransactionType == "AchDebit")
            #expect(debit.amount == 25 && debit.currency == .usd && debit.card == nil)
            let account = try #require(debit.achDetails)
            #expect(account.customerAccountNumber == "*****6789" && account.customerRoutingNumber == "011000015")
            #expect(account.accountType == .savings && account.accountHolderType == .business && account.taxId == "*****8182")
            #expect(account.accountHolderName == "Acme Ltd" && account.entryClass == "CCD")
            #expect(debit.achProcessingDetails?["entryClass"] == "CCD" && debit.cardProcessingDetails == nil)

            let _: BatchResource = try await client.connection.post(APIPath.closeBatch, body: EmptyBody())
            #expect(try await client.getTransactionDetails(id: debit.id)?.ariseStatus == "InProgress")
            clock.advance(by: 2 * 86_400 + 1)
            #expect(try await gateway.services.achClearing.run() == 1)
            let cleared = try #require(try await client.getTransactionDetails(id: debit.id))
            #expect(cleared.status == .cleared && cleared.ariseStatus == "Cleared")

            let part = try await client.refundTransaction(RefundRequest(transactionId: debit.id, amount: 10.00))
            let refund = try #require(try await client.getTransactionDetails(id: part.transactionId))
            #expect(refund.ariseTransactionType == "AchRefund" && refund.amount == 10)
            _ = try await client.refundTransaction(RefundRequest(transactionId: debit.id))
            let refunded = try #require(try await client.getTransactionDetails(id: debit.id))
            #expect(refunded.status == .refunded && refunded.ariseStatus == "Refunded" && refunded.amounts?.refundedAmount == 25)

            let list = try await client.getTransactions(filters: TransactionFilters())
            let summary = try #require(list.items.first { $0.id == debit.id })
            #expect(summary.paymentMethodType == .electronicCheck && summary.type == "AchDebit")
        }
    }

    @Test func aScheduledDebitIsCancelledAndBadInputIsRefusedBeforeSending() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let debit = try await client.submitAchDebitTransaction(input: Self.input(12.5))
            let cancel = try await client.voidTransaction(transactionId: debit.id)
            let operation = try #require(try await client.getTransactionDetails(id: cancel.transactionId))
            #expect(operation.ariseTransactionType == "AchCancel")
            let cancelled = try #require(try await client.getTransactionDetails(id: debit.id))
            #expect(cancelled.status == .cancelled && cancelled.ariseStatus == "Cancelled")

            await expectRefusedInput("routingNumber") { () async throws(TaplineAPIError) in
                var bad = Self.input()
                bad.routingNumber = "011000016"
                _ = try await client.submitAchDebitTransaction(input: bad)
            }
            await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
                _ = try await client.submitAchDebitTransaction(input: Self.input(0.00))
            }
            // The gateway's own checks come back named, as the document's error envelope.
            var bad = Self.input()
            bad.accountNumber = "12"
            let refused = await #expect(throws: TaplineAPIError.self) { _ = try await client.submitAchDebitTransaction(input: bad) }
            #expect(refused?.problem?.field == "achDetails.customerAccountNumber", "\(String(describing: refused))")
        }
    }
}
