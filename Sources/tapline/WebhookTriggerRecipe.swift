import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Processing
import TaplineSDK

/// How `tapline webhooks trigger` makes an event of a type: real payments through the API,
/// on the simulator's test cards and test bank accounts, so the event is the one a real
/// payment makes. One recipe per ``WebhookEventType`` it can make; the types are the
/// gateway's own list, so a new type is a compile error here until it has a recipe or is
/// declared out of reach.
struct WebhookTriggerRecipe: Sendable {
    /// What it does, in a few words ("a sale, then a refund").
    let summary: String
    /// Makes the payment and answers its id (the event's `transactionId`).
    let make: @Sendable (TaplineClient) async throws -> String

    /// The recipe for `type`; nil for a type no API call can make at once: a settlement, ACH
    /// clearing and returns (batch closes, which settle every open payment of the merchant),
    /// an authorization's expiry (days), a batch reconciliation (an acquirer link), a dispute
    /// (the acquirer's, seconds to days after its sale).
    static func recipe(for type: WebhookEventType) -> WebhookTriggerRecipe? {
        switch type {
        case .created, .captured: return sale("a sale", card: TestCards.visaApproved)
        case .declined: return sale("a sale on the declining test card", card: TestCards.doNotHonour)
        case .failed: return sale("a sale on the processor-error test card", card: TestCards.processorError)
        case .authorized: return authorization("an authorization", amount: 10.00) { _, _ in }
        case .verified: return authorization("a card verification (zero-amount authorization)", amount: 0.0) { _, _ in }
        case .voided: return authorization("an authorization, then a void", amount: 10.00) { _ = try await $0.voidTransaction(transactionId: $1) }
        case .reversed: return authorization("an authorization, then a reverse", amount: 10.00) { _ = try await $0.reverse(transactionId: $1) }
        case .refunded:
            return sale("a sale, then a refund", card: TestCards.visaApproved) { _ = try await $0.refundTransaction(transactionId: $1) }
        case .adjusted:
            return sale("a sale, then a tip adjustment", card: TestCards.visaApproved) {
                _ = try await $0.adjustTip(transactionId: $1, tipAmount: Money(minorUnits: 200, currency: .usd))
            }
        // The simulator's test accounts (TestBankAccounts): 0002 is held for review, others accepted.
        case .scheduled: return achDebit("an ACH debit", account: "000123456789")
        case .held: return achDebit("an ACH debit of the held test account", account: "000123450002")
        // A dispute comes from the acquirer a while after the sale: pay with the disputed test
        // card (4000 0000 0000 1976) and it arrives within seconds, or import a dispute file.
        case .cleared, .chargedBack, .settled, .expired, .batchReconciled, .disputeCreated, .disputeUpdated, .disputeClosed: return nil
        }
    }

    /// The types there is a recipe for, in the gateway's order.
    static var supported: [WebhookEventType] { WebhookEventType.allCases.filter { recipe(for: $0) != nil } }

    private static var expiryYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) + 3 }

    private static func sale(
        _ summary: String, card: TestCard, then: @escaping @Sendable (TaplineClient, String) async throws -> Void = { _, _ in }
    ) -> WebhookTriggerRecipe {
        WebhookTriggerRecipe(summary: summary) { client in
            let input = CardTransactionInput(amount: 10.00, currency: .usd, accountNumber: card.pan, expirationMonth: 12, expirationYear: expiryYear)
            let id: String
            do {
                id = try await client.submitSaleTransaction(input: input).transactionId
            } catch let error as TaplineAPIError {
                // The processor failed (502): the payment is recorded as failed, which is the point.
                guard case .serverError(let problem) = error, let failed = problem.transactionId else { throw error }
                return failed
            }
            try await then(client, id)
            return id
        }
    }

    private static func authorization(
        _ summary: String, amount: MajorUnits, then: @escaping @Sendable (TaplineClient, String) async throws -> Void
    ) -> WebhookTriggerRecipe {
        WebhookTriggerRecipe(summary: summary) { client in
            let input = CardTransactionInput(
                amount: amount, currency: .usd, accountNumber: TestCards.visaApproved.pan, expirationMonth: 12, expirationYear: expiryYear)
            let id = try await client.submitAuthTransaction(input: input).transactionId
            try await then(client, id)
            return id
        }
    }

    private static func achDebit(_ summary: String, account: String) -> WebhookTriggerRecipe {
        WebhookTriggerRecipe(summary: summary) { client in
            let input = AchTransactionInput(
                amount: 10.00, accountNumber: account, routingNumber: TestBankAccounts.routingNumber, accountHolderName: "Tapline Trigger")
            return try await client.submitAchDebitTransaction(input: input).id
        }
    }
}
