import Foundation
import PaymentCore
import Testing

@Suite("Single tap and PIN moves")
struct PINLifecycleTests {
    let start = Date(timeIntervalSince1970: 1_000)

    func softDeclined(_ type: TransactionType = .sale, maxAttempts: Int = 3) -> Transaction {
        var payment = Transaction(id: "p", merchantId: "m", type: type, status: .pending, currency: .eur, amount: 2_000, createdAt: start)
        PaymentLifecycle.completeOriginal(&payment, outcome: .pinRequired, now: start)
        let challenge = PINChallenge(token: "tok", expiresAt: start.addingTimeInterval(60), maxAttempts: maxAttempts, deviceId: "d1")
        PaymentLifecycle.requirePIN(&payment, challenge: challenge, now: start)
        return payment
    }

    @Test(arguments: [(TransactionType.sale, TransactionStatus.captured, Int64(2_000)), (.authorization, .authorized, 0)])
    func rightPINApproves(_ type: TransactionType, _ expected: TransactionStatus, _ captured: Int64) throws {
        var payment = softDeclined(type)
        #expect(payment.status == .pinRequired)
        let attempt = try PaymentLifecycle.beginPINAttempt(&payment, now: start)
        #expect(attempt == 1)
        #expect(payment.status == .pending)
        PaymentLifecycle.completePINAttempt(&payment, outcome: .approved(amount: 2_000), wrongPIN: false, now: start)
        #expect(payment.status == expected)
        #expect(payment.authorizedAmount == 2_000)
        #expect(payment.capturedAmount == captured)
    }

    @Test func wrongPINsCountUntilTheLastTryDeclines() throws {
        var payment = softDeclined(maxAttempts: 2)
        #expect(try PaymentLifecycle.beginPINAttempt(&payment, now: start) == 1)
        PaymentLifecycle.completePINAttempt(&payment, outcome: .declined, wrongPIN: true, now: start)
        #expect(payment.status == .pinRequired)
        #expect(payment.pinChallenge?.attemptsRemaining == 1)
        #expect(try PaymentLifecycle.beginPINAttempt(&payment, now: start) == 2)
        PaymentLifecycle.completePINAttempt(&payment, outcome: .declined, wrongPIN: true, now: start)
        #expect(payment.status == .declined)
        #expect(payment.pinChallenge?.attemptsRemaining == 0)
        #expect(throws: PINError.notAwaitingPIN(status: .declined)) { try PaymentLifecycle.beginPINAttempt(&payment, now: start) }
    }

    @Test func anotherDeclineIsFinalAtOnce() throws {
        var payment = softDeclined()
        _ = try PaymentLifecycle.beginPINAttempt(&payment, now: start)
        PaymentLifecycle.completePINAttempt(&payment, outcome: .declined, wrongPIN: false, now: start)
        #expect(payment.status == .declined)
    }

    @Test func aSecondTryWhileOneIsInFlightIsRefused() throws {
        var payment = softDeclined()
        _ = try PaymentLifecycle.beginPINAttempt(&payment, now: start)
        #expect(throws: PINError.attemptInProgress) { try PaymentLifecycle.beginPINAttempt(&payment, now: start) }
    }

    @Test func theWindowClosesThePayment() throws {
        var payment = softDeclined()
        let late = start.addingTimeInterval(60)
        #expect(throws: PINError.windowExpired) { try PaymentLifecycle.beginPINAttempt(&payment, now: late) }
        #expect(payment.status == .pinRequired)
        #expect(!PaymentLifecycle.expirePINIfDue(&payment, now: start.addingTimeInterval(59)))
        #expect(PaymentLifecycle.expirePINIfDue(&payment, now: late))
        #expect(payment.status == .declined)
    }

    @Test func aPaymentNeverAskedForAPINRefusesOne() {
        var payment = Transaction(id: "p", merchantId: "m", type: .sale, status: .captured, currency: .eur, amount: 1, createdAt: start)
        #expect(throws: PINError.notAwaitingPIN(status: .captured)) { try PaymentLifecycle.beginPINAttempt(&payment, now: start) }
    }
}
