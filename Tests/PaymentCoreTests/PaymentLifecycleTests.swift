import Foundation
import PaymentCore
import Testing

/// A payment in a given state, 1000 minor units.
private func payment(_ status: TransactionStatus, settled: Bool = false, type: TransactionType = .sale) -> Transaction {
    var payment = Transaction(id: "p", merchantId: "m", type: type, status: status, currency: .usd, amount: 1_000,
                              createdAt: Date(timeIntervalSince1970: 0))
    if status == .authorized || status == .captured || status == .refunded || status == .voided || status == .expired {
        payment.authorizedAmount = 1_000
    }
    if status == .captured || status == .refunded { payment.capturedAmount = 1_000 }
    if status == .refunded { payment.refundedAmount = 1_000 }
    if settled { payment.settledAt = Date(timeIntervalSince1970: 10) }
    return payment
}

private let now = Date(timeIntervalSince1970: 100)
private let week: TimeInterval = 7 * 24 * 3600

enum Expect: Equatable { case legal, illegal }

@Suite("Payment status machine")
struct PaymentLifecycleTests {
    static let requests: [FollowUpRequest] = [
        .capture(amount: nil), .incrementalAuthorization(amount: 100), .tipAdjustment(tip: 100),
        .void, .reversal(amount: nil), .refund(amount: nil),
    ]

    /// Every follow-up against every state: which are legal.
    static let table: [(TransactionStatus, Bool, [Expect])] = [
        //                          capture   increment tip       void      reverse   refund
        (.authorized, false, [.legal, .legal, .illegal, .legal, .legal, .illegal]),
        (.captured, false, [.illegal, .illegal, .legal, .legal, .legal, .legal]),
        (.captured, true, [.illegal, .illegal, .illegal, .illegal, .illegal, .legal]),
        (.pending, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
        (.pinRequired, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
        (.declined, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
        (.voided, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
        (.expired, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
        (.refunded, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
        (.failed, false, [.illegal, .illegal, .illegal, .illegal, .illegal, .illegal]),
    ]

    @Test(arguments: table)
    func everyMoveFromEveryState(status: TransactionStatus, settled: Bool, expected: [Expect]) {
        for (request, expectation) in zip(Self.requests, expected) {
            var subject = payment(status, settled: settled)
            let before = subject
            do {
                _ = try PaymentLifecycle.reserve(request, on: &subject, operationId: "op", now: now, authorizationWindow: week)
                #expect(expectation == .legal, "\(request) should be refused on \(status) settled=\(settled)")
            } catch {
                #expect(expectation == .illegal, "\(request) should be allowed on \(status) settled=\(settled): \(error)")
                #expect(error == .invalidTransition(operation: request.type, status: status, settled: settled))
                #expect(subject == before, "a refused move changes nothing")
            }
        }
    }

    @Test func originalOutcomes() {
        var sale = payment(.pending)
        PaymentLifecycle.completeOriginal(&sale, outcome: .approved(amount: 1_000), now: now)
        #expect(sale.status == .captured && sale.capturedAmount == 1_000 && sale.authorizedAmount == 1_000)
        var auth = payment(.pending, type: .authorization)
        PaymentLifecycle.completeOriginal(&auth, outcome: .approved(amount: 500), now: now)
        #expect(auth.status == .authorized && auth.authorizedAmount == 500 && auth.capturedAmount == 0)
        for (outcome, status) in [(OperationOutcome.declined, TransactionStatus.declined), (.pinRequired, .pinRequired), (.failed, .failed)] {
            var subject = payment(.pending)
            PaymentLifecycle.completeOriginal(&subject, outcome: outcome, now: now)
            #expect(subject.status == status)
        }
    }

    /// Reserves, then completes with `outcome`; returns the payment after.
    private func run(_ request: FollowUpRequest, on start: Transaction, outcome: (Int64) -> OperationOutcome) throws -> Transaction {
        var subject = start
        let amount = try PaymentLifecycle.reserve(request, on: &subject, operationId: "op", now: now, authorizationWindow: week)
        let operation = Transaction(id: "op", merchantId: "m", type: request.type, status: .pending, parentId: "p",
                                    currency: .usd, amount: amount, createdAt: now)
        PaymentLifecycle.complete(operation, outcome: outcome(amount), on: &subject, now: now)
        #expect(subject.pendingOperationId == nil && subject.pendingRefundAmount == 0, "the reservation is released")
        return subject
    }

    @Test func captureLessThanAuthorizedReleasesTheRest() throws {
        let after = try run(.capture(amount: 600), on: payment(.authorized)) { .approved(amount: $0) }
        #expect(after.status == .captured && after.capturedAmount == 600)
    }

    @Test func captureMoreThanAuthorizedIsRefused() {
        var subject = payment(.authorized)
        #expect(throws: PaymentError.amountExceedsAvailable(operation: .capture, requested: 1_001, available: 1_000)) {
            try PaymentLifecycle.reserve(.capture(amount: 1_001), on: &subject, operationId: "op", now: now, authorizationWindow: week)
        }
    }

    @Test func declinedIncrementKeepsTheLastApprovedAmount() throws {
        let raised = try run(.incrementalAuthorization(amount: 250), on: payment(.authorized)) { .approved(amount: $0) }
        #expect(raised.authorizedAmount == 1_250)
        let declined = try run(.incrementalAuthorization(amount: 500), on: raised) { _ in .declined }
        #expect(declined.authorizedAmount == 1_250 && declined.status == .authorized)
    }

    @Test func refundsAccumulateUpToTheCapturedAmount() throws {
        var subject = try run(.refund(amount: 400), on: payment(.captured)) { .approved(amount: $0) }
        #expect(subject.refundedAmount == 400 && subject.status == .captured)
        #expect(throws: PaymentError.amountExceedsAvailable(operation: .refund, requested: 700, available: 600)) {
            try PaymentLifecycle.reserve(.refund(amount: 700), on: &subject, operationId: "op2", now: now, authorizationWindow: week)
        }
        subject = try run(.refund(amount: nil), on: subject) { .approved(amount: $0) }
        #expect(subject.refundedAmount == 1_000 && subject.status == .refunded)
    }

    @Test func concurrentRefundsReserveAndExclusiveMovesWait() throws {
        var subject = payment(.captured)
        _ = try PaymentLifecycle.reserve(.refund(amount: 600), on: &subject, operationId: "r1", now: now, authorizationWindow: week)
        #expect(subject.refundableAmount == 400)
        #expect(throws: PaymentError.amountExceedsAvailable(operation: .refund, requested: 500, available: 400)) {
            try PaymentLifecycle.reserve(.refund(amount: 500), on: &subject, operationId: "r2", now: now, authorizationWindow: week)
        }
        #expect(throws: PaymentError.operationInProgress(status: .captured)) {
            try PaymentLifecycle.reserve(.void, on: &subject, operationId: "v", now: now, authorizationWindow: week)
        }
        let failed = Transaction(id: "r1", merchantId: "m", type: .refund, status: .pending, currency: .usd, amount: 600, createdAt: now)
        PaymentLifecycle.complete(failed, outcome: .failed, on: &subject, now: now)
        #expect(subject.refundableAmount == 1_000 && subject.refundedAmount == 0)
    }

    @Test func oneExclusiveOperationAtATime() throws {
        var subject = payment(.authorized)
        _ = try PaymentLifecycle.reserve(.capture(amount: nil), on: &subject, operationId: "c", now: now, authorizationWindow: week)
        #expect(throws: PaymentError.operationInProgress(status: .authorized)) {
            try PaymentLifecycle.reserve(.void, on: &subject, operationId: "v", now: now, authorizationWindow: week)
        }
        #expect(PaymentLifecycle.availableOperations(for: subject, now: now, authorizationWindow: week).isEmpty)
    }

    @Test func tipAdjustChangesCapturedByTheTipDifference() throws {
        var start = payment(.captured)
        start.tipAmount = 100
        let after = try run(.tipAdjustment(tip: 250), on: start) { .approved(amount: $0) }
        #expect(after.tipAmount == 250 && after.capturedAmount == 1_150)
        var negative = payment(.captured)
        #expect(throws: PaymentError.invalidAmount("tip must not be negative")) {
            try PaymentLifecycle.reserve(.tipAdjustment(tip: -1), on: &negative, operationId: "t", now: now, authorizationWindow: week)
        }
    }

    @Test func voidAndReverse() throws {
        #expect(try run(.void, on: payment(.authorized)) { .approved(amount: $0) }.status == .voided)
        #expect(try run(.void, on: payment(.captured)) { .approved(amount: $0) }.status == .voided)
        let partial = try run(.reversal(amount: 300), on: payment(.authorized)) { .approved(amount: $0) }
        #expect(partial.status == .authorized && partial.authorizedAmount == 700)
        var captured = payment(.captured)
        #expect(throws: PaymentError.invalidAmount("a captured payment can only be reversed in full")) {
            try PaymentLifecycle.reserve(.reversal(amount: 10), on: &captured, operationId: "r", now: now, authorizationWindow: week)
        }
        var refunded = try run(.refund(amount: 100), on: payment(.captured)) { .approved(amount: $0) }
        #expect(throws: PaymentError.invalidTransition(operation: .void, status: .captured, settled: false)) {
            try PaymentLifecycle.reserve(.void, on: &refunded, operationId: "v", now: now, authorizationWindow: week)
        }
    }

    @Test func declinedFollowUpChangesNothingButReleases() throws {
        let start = payment(.authorized)
        let after = try run(.capture(amount: nil), on: start) { _ in .declined }
        #expect(after.status == .authorized && after.capturedAmount == 0 && after.authorizedAmount == 1_000)
    }

    @Test func authorizationExpiry() throws {
        var subject = payment(.authorized, type: .authorization)
        let late = Date(timeIntervalSince1970: week)
        #expect(throws: PaymentError.authorizationExpired) {
            try PaymentLifecycle.reserve(.capture(amount: nil), on: &subject, operationId: "c", now: late, authorizationWindow: week)
        }
        #expect(!PaymentLifecycle.expireIfDue(&subject, now: late.addingTimeInterval(-1), authorizationWindow: week))
        #expect(PaymentLifecycle.expireIfDue(&subject, now: late, authorizationWindow: week))
        #expect(subject.status == .expired)
        var captured = payment(.captured)
        #expect(!PaymentLifecycle.expireIfDue(&captured, now: late, authorizationWindow: week))
    }

    @Test func zeroOrNegativeAmountsAreRefused() {
        var subject = payment(.authorized)
        #expect(throws: PaymentError.self) {
            try PaymentLifecycle.reserve(.capture(amount: 0), on: &subject, operationId: "c", now: now, authorizationWindow: week)
        }
        #expect(throws: PaymentError.self) {
            try PaymentLifecycle.reserve(.incrementalAuthorization(amount: -5), on: &subject, operationId: "i", now: now, authorizationWindow: week)
        }
        var captured = payment(.captured)
        #expect(throws: PaymentError.invalidAmount("refund amount must be greater than zero")) {
            try PaymentLifecycle.reserve(.refund(amount: 0), on: &captured, operationId: "r", now: now, authorizationWindow: week)
        }
    }

    @Test func followUpsOnAFollowUpAreRefused() {
        var refund = Transaction(id: "r", merchantId: "m", type: .refund, status: .approved, parentId: "p", currency: .usd, amount: 1, createdAt: now)
        #expect(throws: PaymentError.invalidTransition(operation: .refund, status: .approved, settled: false)) {
            try PaymentLifecycle.reserve(.refund(amount: nil), on: &refund, operationId: "x", now: now, authorizationWindow: week)
        }
    }
}
