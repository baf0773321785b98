import Foundation
import GatewayAPI
import PaymentCore
import Testing

/// The one mapping from canonical statuses to Koard's (docs/architecture.md).
@Suite("Koard status mapping")
struct KoardStatusTests {
    static func row(_ type: TransactionType, _ status: TransactionStatus, captured: Int64 = 0) -> Transaction {
        var row = Transaction(id: "t", merchantId: "m", type: type, status: status, currency: .usd, amount: 1_000,
                              createdAt: Date(timeIntervalSince1970: 0))
        row.capturedAmount = captured
        return row
    }

    @Test(arguments: [
        (TransactionStatus.pending, Int64(0), KoardStatus.processing),
        (.pinRequired, 0, .processing),
        (.authorized, 0, .authorized),
        (.captured, 1_000, .captured),
        (.declined, 0, .declined),
        (.failed, 0, .failed),
        (.voided, 0, .reversed),
        (.voided, 1_000, .cancelled),
        (.expired, 0, .reversed),
        (.refunded, 1_000, .refunded),
    ])
    func payments(_ status: TransactionStatus, captured: Int64, expected: KoardStatus) {
        #expect(KoardStatus(Self.row(.authorization, status, captured: captured)) == expected)
    }

    @Test func aPartlyRefundedPaymentStaysCaptured() {
        var sale = Self.row(.sale, .captured, captured: 1_000)
        sale.refundedAmount = 400
        #expect(KoardStatus(sale) == .captured)
    }

    @Test(arguments: [
        (TransactionType.capture, KoardStatus.captured),
        (.incrementalAuthorization, .authorized),
        (.tipAdjustment, .captured),
        (.reversal, .reversed),
        (.void, .reversed),
        (.refund, .refunded),
    ])
    func approvedOperations(_ type: TransactionType, expected: KoardStatus) {
        #expect(KoardStatus(Self.row(type, .approved)) == expected)
    }

    @Test func operationsThatDidNotApprove() {
        #expect(KoardStatus(Self.row(.capture, .pending)) == .processing)
        #expect(KoardStatus(Self.row(.refund, .declined)) == .declined)
        #expect(KoardStatus(Self.row(.reversal, .failed)) == .failed)
    }

    @Test func aReversalThatUndidACaptureCancelled() {
        let payment = Self.row(.sale, .voided, captured: 1_000)
        #expect(KoardStatus(Self.row(.reversal, .approved), payment: payment) == .cancelled)
        let hold = Self.row(.authorization, .voided)
        #expect(KoardStatus(Self.row(.reversal, .approved), payment: hold) == .reversed)
    }
}
