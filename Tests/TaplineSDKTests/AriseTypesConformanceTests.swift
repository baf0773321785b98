import CardData
import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// Every value of ARISE's enumerations (TransactionType, TransactionStatus, OperationType,
/// Currency, CreateMethodId, ZeroCostProcessingOption, PaymentMethodType, CardTokenType):
/// each either produced by a real payment against a live gateway and named as ARISE names
/// it, or listed as having no Tapline counterpart, with the reason. The rows are the ARISE
/// types checklist of issue 15.
@Suite("ARISE conformance: every enumeration value")
struct AriseTypesConformanceTests {
    /// ARISE `TransactionType` raw values, and how Tapline makes a row of each.
    enum TypeRow: String, CaseIterable, Sendable {
        case authorization = "Authorization", sale = "Sale", capture = "Capture", void = "Void", refund = "Refund"
        case cardAuthentication = "CardAuthentication", refundWORef = "RefundWORef", tipAdjustment = "TipAdjustment"
        case achDebit = "AchDebit", achRefund = "AchRefund", achHold = "AchHold", achUnHold = "AchUnHold", achCancel = "AchCancel"
        case achCredit = "AchCredit"
    }

    /// ARISE `TransactionStatus` raw values.
    enum StatusRow: String, CaseIterable, Sendable {
        case authorized = "Authorized", captured = "Captured", voided = "Voided", refunded = "Refunded", verified = "Verified"
        case settled = "Settled", partiallyAuthorized = "PartiallyAuthorized", informational = "Informational"
        case scheduled = "Scheduled", cancelled = "Cancelled", chargedBack = "ChargedBack", inProgress = "InProgress"
        case cleared = "Cleared", held = "Held", heldByProcessor = "HeldByProcessor"
    }

    /// Why a value has no Tapline counterpart yet; nil when it has one.
    static func missing(_ name: String) -> String? {
        switch name {
        case "AchHold", "AchUnHold", "Held":
            return "a merchant's own hold of a scheduled ACH debit (and its release) is not built; the processor's hold is HeldByProcessor"
        case "AchCredit":
            return "a credit to a bank account with no debit behind it (a payout) is not built; a debit's refund is AchRefund"
        case "Informational":
            return "ARISE does not say which transactions are informational, and Tapline records none that move no money besides verifications (Verified)"
        default: return nil
        }
    }

    @Test(arguments: TypeRow.allCases)
    func transactionType(_ row: TypeRow) async throws {
        if let reason = Self.missing(row.rawValue) {
            #expect(!TransactionType.allCases.map(\.ariseName).contains(row.rawValue), "\(row.rawValue): \(reason)")
            return
        }
        let gateway = try await LiveGateway.make(permissions: APIPermission.defaultGrant + [.ecommerceRefundWithoutReference])
        try await TapFixture.run(gateway: gateway) { fixture in
            let client = fixture.client
            let name: String
            switch row {
            case .authorization:
                name = try await client.submitAuthTransaction(input: TestInput.card(5)).transaction.ariseTransactionType
            case .sale:
                name = try await client.submitSaleTransaction(input: TestInput.card(5)).transaction.ariseTransactionType
            case .capture, .void, .refund, .tipAdjustment:
                let payment = try await client.submitAuthTransaction(input: TestInput.card(5))
                let done: TransactionResponse
                switch row {
                case .capture: done = try await client.captureTransaction(transactionId: payment.transactionId)
                case .void: done = try await client.voidTransaction(transactionId: payment.transactionId)
                case .refund:
                    _ = try await client.captureTransaction(transactionId: payment.transactionId)
                    done = try await client.refundTransaction(transactionId: payment.transactionId)
                default:
                    _ = try await client.captureTransaction(transactionId: payment.transactionId)
                    done = try await client.adjustTip(transactionId: payment.transactionId, tipAmount: Money(minorUnits: 100, currency: .usd))
                }
                name = try #require(try await client.getTransactionDetails(id: done.transactionId)).ariseTransactionType
            case .cardAuthentication:
                name = try await client.submitAuthTransaction(input: TestInput.card(0)).transaction.ariseTransactionType
            case .achDebit, .achRefund, .achCancel:
                name = try await Self.achTypeName(row, gateway: gateway)
            case .refundWORef:
                // A card-present refund that names no payment (needs ecommerceRefundWithoutReference).
                let session = TransactionSession(client: client)
                let receipt = try await session.startTransaction(amount: 700, currency: "USD", type: .refund)
                let id = try #require(receipt.recipientTransactionId)
                name = try #require(try await client.getTransactionDetails(id: id)).ariseTransactionType
            default:
                Issue.record("\(row) has no proof")
                return
            }
            #expect(name == row.rawValue)
        }
    }

    /// The ARISE type name of an ACH debit, of its refund once cleared, or of its cancel.
    static func achTypeName(_ row: TypeRow, gateway: LiveGateway) async throws -> String {
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let debit = try await client.submitAchDebitTransaction(input: AchTransactionTests.input())
            switch row {
            case .achCancel:
                let cancel = try await client.voidTransaction(transactionId: debit.id)
                return try #require(try await client.getTransactionDetails(id: cancel.transactionId)).ariseTransactionType
            case .achRefund:
                let _: BatchResource = try await client.connection.post(APIPath.closeBatch, body: EmptyBody())
                // Cleared as the clearing job records it, without waiting two days.
                try await gateway.store.write { writer in
                    guard var payment = try await writer.lockTransaction(id: debit.id, merchantId: gateway.merchantId) else { return }
                    _ = PaymentLifecycle.finishACHDebit(&payment, returned: false, now: Date())
                    try await writer.update(payment)
                }
                let refund = try await client.refundTransaction(RefundRequest(transactionId: debit.id, amount: 1.00))
                return try #require(try await client.getTransactionDetails(id: refund.transactionId)).ariseTransactionType
            default:
                return debit.ariseTransactionType
            }
        }
    }

    /// The ARISE status name an ACH debit reaches: accepted, held, submitted, cleared,
    /// returned or cancelled, through the simulator's test accounts and the clearing job.
    static func achStatusName(_ row: StatusRow) async throws -> String? {
        let clock = TestClock()
        let gateway = try await LiveGateway.make(now: clock.read)
        return try await gateway.run { environment in
            let client = try await gateway.client(environment, now: clock.read)
            let account = switch row {
            case .heldByProcessor: "555550002"
            case .chargedBack: "987650001"
            default: "123456789"
            }
            let debit = try await client.submitAchDebitTransaction(input: AchTransactionTests.input(account: account))
            switch row {
            case .scheduled, .heldByProcessor: return debit.ariseStatus
            case .cancelled: _ = try await client.voidTransaction(transactionId: debit.id)
            default:
                let _: BatchResource = try await client.connection.post(APIPath.closeBatch, body: EmptyBody())
                if row != .inProgress {
                    clock.advance(by: 2 * 86_400 + 1)
                    _ = try await gateway.services.achClearing.run()
                }
            }
            return try #require(try await client.getTransactionDetails(id: debit.id)).ariseStatus
        }
    }

    @Test(arguments: StatusRow.allCases)
    func transactionStatus(_ row: StatusRow) async throws {
        if let reason = Self.missing(row.rawValue) {
            let named = TransactionStatus.allCases.compactMap { $0.ariseName(settled: false) } + ["Settled", "PartiallyAuthorized"]
            #expect(!named.contains(row.rawValue), "\(row.rawValue): \(reason)")
            return
        }
        if [.scheduled, .cancelled, .chargedBack, .inProgress, .cleared, .heldByProcessor].contains(row) {
            #expect(try await Self.achStatusName(row) == row.rawValue)
            return
        }
        try await TapFixture.run { fixture in
            let client = fixture.client
            var details: TransactionDetails
            switch row {
            case .authorized: details = try await client.submitAuthTransaction(input: TestInput.card(5)).transaction
            case .captured: details = try await client.submitSaleTransaction(input: TestInput.card(5)).transaction
            case .voided, .refunded:
                let sale = try await client.submitSaleTransaction(input: TestInput.card(5))
                if row == .voided {
                    _ = try await client.voidTransaction(transactionId: sale.transactionId)
                } else {
                    _ = try await client.refundTransaction(transactionId: sale.transactionId)
                }
                details = try #require(try await client.getTransactionDetails(id: sale.transactionId))
            case .verified: details = try await client.submitAuthTransaction(input: TestInput.card(0)).transaction
            case .settled:
                let sale = try await client.submitSaleTransaction(input: TestInput.card(5))
                let _: BatchResource = try await client.connection.post(APIPath.closeBatch, body: EmptyBody())
                details = try #require(try await client.getTransactionDetails(id: sale.transactionId))
            case .partiallyAuthorized:
                details = try await client.submitAuthTransaction(
                    input: TestInput.card(Decimal(string: "20.10")!, pan: TestCards.amountDriven.pan)).transaction
            default:
                Issue.record("\(row) has no proof")
                return
            }
            #expect(details.ariseStatus == row.rawValue)
        }
    }

    @Test func operationTypesCurrencyCreateMethodsZeroCostAndTokens() {
        #expect(OperationType.allCases.map { "\($0.rawValue) \($0.name)" } == ["1 Authorization", "2 Sale", "3 Capture", "4 Void", "5 Refund"])
        #expect(Currency.usd.ariseId == 1 && Currency.usd.code == "USD")
        #expect(CreateMethod.allCases.map(\.rawValue) == Array(1...9))
        #expect(CreateMethod.allCases.map(\.displayName) == [
            "Portal", "API Token", "Terminal", "Invoice", "Quick Payment", "Web Component", "Subscription", "Mobile App", "Tap to Pay",
        ])
        #expect(ZeroCostProcessingOption.allCases.map(\.id) == [1, 2, 3, 4])
        // CardTokenType local (1) / network (2): Tapline keeps no card tokens, so no row has one.
        // PaymentMethodType card (1) and electronicCheck (2, ACH): AchTransactionTests; cash (3)
        // is not a card payment and never reaches a payment gateway.
        #expect(PaymentMethodType.allCases.map(\.rawValue) == [1, 2, 3])
        #expect(AccountType.allCases.map(\.rawValue) == [1, 2] && AccountHolderType.allCases.map(\.rawValue) == [1, 2])
        #expect(PaymentMethod.allCases.map(\.ariseId) == [1, 2])
    }
}
