import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Processing
import Testing

/// The Koard table: each domain failure as the Koard routes answer it, the canonical answer
/// with fields in snake_case and the payment's state in Koard's names.
@Suite("GatewayFailure → Koard errors")
struct KoardErrorsTests {
    private func payment(_ status: TransactionStatus, captured: Int64 = 0) -> Transaction {
        var row = Transaction(id: "txn_1", merchantId: "m", type: .sale, status: status, currency: .usd, amount: 100, createdAt: .distantPast)
        row.capturedAmount = captured
        return row
    }

    @Test func aRefusedFieldIsNamedInSnakeCase() {
        let error = KoardErrors.error(for: .invalid("breakdown.taxRate", "breakdown.taxRate must be at most 1", .amount), payment: nil)
        #expect(error.status == .badRequest)
        #expect(error.body == APIError(code: .invalidAmount, message: "breakdown.tax_rate must be at most 1", field: "breakdown.tax_rate"))
    }

    @Test func aRefusedMoveSaysTheKoardStateOfThePayment() {
        let refusal = PaymentError.invalidTransition(operation: .capture, status: .voided, settled: false)
        let error = KoardErrors.error(for: .paymentRefused(refusal, paymentStatus: .voided), payment: payment(.voided, captured: 100))
        #expect(error.status == .conflict)
        #expect(error.body == APIError(
            code: .invalidStateTransition, message: refusal.description + " (Koard state: cancelled)", status: "cancelled"))
    }

    @Test func withoutThePaymentTheStateComesFromTheStatusAlone() {
        let refusal = PaymentError.invalidTransition(operation: .capture, status: .voided, settled: false)
        let error = KoardErrors.error(for: .paymentRefused(refusal, paymentStatus: .voided), payment: nil)
        #expect(error.body.status == "reversed")
        #expect(error.body.message == refusal.description + " (Koard state: reversed)")
    }

    @Test func otherFailuresWithAPaymentCarryItsKoardStateOnly() {
        let pin = KoardErrors.error(for: .pinRefused(.attemptInProgress), payment: nil)
        #expect(pin.body == APIError(code: .pinAttemptInProgress, message: PINError.attemptInProgress.description, status: "processing"))

        let failed = payment(.failed)
        let timeout = KoardErrors.error(for: .processorFailed(.noAnswer, failed: failed, paymentStatus: .captured), payment: payment(.captured, captured: 100))
        #expect(timeout.status == .gatewayTimeout)
        #expect(timeout.body.status == "captured")
        #expect(timeout.body.transactionId == "txn_1")
        #expect(!timeout.body.message.contains("Koard state"))

        let unfinished = KoardErrors.error(for: .processorDidNotComplete(transactionId: "txn_2", paymentStatus: .failed), payment: failed)
        #expect(unfinished.body == APIError(
            code: .processorError, message: "the processor did not complete this request; the transaction is failed", status: "failed",
            transactionId: "txn_2"))
    }

    @Test func failuresWithoutAPaymentAreTheCanonicalAnswer() {
        for failure: GatewayFailure in [.notFound(.transaction, id: "abc"), .acquirerNotConfigured, .forbidden(.transactionTypeNotEnabled(.sale))] {
            #expect(KoardErrors.error(for: failure, payment: nil).body == GatewayError(failure).body)
        }
    }

    /// A route translates both inside and outside its idempotency claim: the second pass
    /// must leave the first one's answer as it is.
    @Test func translatingTwiceChangesNothing() async throws {
        let refusal = PaymentError.invalidTransition(operation: .refund, status: .authorized, settled: false)
        let once = KoardErrors.error(for: .paymentRefused(refusal, paymentStatus: .authorized), payment: nil)
        do {
            try await KoardErrors.translating { () async throws -> Void in
                try await KoardErrors.translating { () async throws -> Void in throw GatewayFailure.paymentRefused(refusal, paymentStatus: .authorized) }
            }
            Issue.record("no error")
        } catch let error as GatewayError {
            #expect(error.body == once.body)
            #expect(error.status == once.status)
        }
    }
}
