import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Processing
import Testing

/// An ACH debit's whole life through `/v1`: accepted (`scheduled`), submitted by a batch
/// close (`inProgress`), cleared by the clearing job two days later, then refunded in part
/// and in full; and every other way it can go (held, declined, cancelled, returned).
@Suite("ACH: a debit's life")
struct ACHLifecycleTests {
    static func debit(_ session: TestSession, account: String = ACHExamples.clearingAccount, amount: Int64 = 2_500) async throws -> TransactionResource {
        let reply = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body(amount: amount, account: account))
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.decode(TransactionResource.self)
    }

    /// A session with a new token: the clock moves past the old one's lifetime (two days).
    static func afterClearing(_ session: TestSession) async throws -> TestSession {
        session.harness.clock.advance(by: ACHClearingJob.clearingPeriod + 1)
        let token = try await TestSession.token(session.client, clientId: session.harness.clientId, secret: session.harness.clientSecret)
        return TestSession(client: session.client, token: token, harness: session.harness)
    }

    static func details(_ session: TestSession, _ id: String) async throws -> TransactionResource {
        try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self)
    }

    @Test func aDebitIsScheduledSubmittedClearedThenRefunded() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let debit = try await Self.debit(session)
            #expect(debit.type == .achDebit && debit.status == .scheduled)
            #expect(debit.paymentMethodType == .electronicCheck && debit.card == nil)
            #expect(debit.achDetails?.customerAccountNumber == "*****6789")
            #expect(debit.achDetails?.customerRoutingNumber == TestBankAccounts.routingNumber)
            #expect(debit.achDetails?.accountType == "checking" && debit.achDetails?.accountHolderType == "personal")
            #expect(debit.achDetails?.entryClass == "PPD" && debit.customerName == "Jane Doe")
            #expect(debit.batchId != nil && debit.settledAt == nil)
            #expect(debit.availableOperations?.map(\.operationType) == [.void])
            #expect(debit.amounts?.captured == 2_500 && debit.amounts?.refundable == 0)

            // Not refundable before it clears; the message says what to do instead.
            let early = try await session.followUp(debit.id, .refund, json: #"{"amount":100}"#)
            #expect(early.status == 409 && early.error?.message.contains("cancelled (void)") == true, "\(early.text)")

            let close = try await session.send(.post, APIPath.closeBatch)
            #expect(close.status == 200 || close.status == 201, "\(close.text)")
            let batch = try close.decode(BatchResource.self)
            #expect(batch.byType.map { "\($0.name) \($0.count) \($0.amount)" } == ["achDebit 1 2500"])
            #expect(batch.byCardBrand.map(\.name) == ["ach"])
            let submitted = try await Self.details(session, debit.id)
            #expect(submitted.status == .inProgress && submitted.settledAt != nil)
            #expect(submitted.availableOperations == [])
            let late = try await session.followUp(debit.id, .void)
            #expect(late.status == 409 && late.error?.message.contains("refund it once cleared") == true, "\(late.text)")

            // The clearing period has not passed: nothing moves.
            #expect(try await harness.services.achClearing.run() == 0)
            let session = try await Self.afterClearing(session)
            #expect(try await harness.services.achClearing.run() == 1)
            let cleared = try await Self.details(session, debit.id)
            #expect(cleared.status == .cleared && cleared.amounts?.refundable == 2_500)
            #expect(cleared.availableOperations?.map(\.operationType) == [.refund])

            let part = try await session.followUp(debit.id, .refund, json: #"{"amount":1000}"#)
            #expect(part.status == 201, "\(part.text)")
            let partly = try part.decode(FollowUpResponse.self)
            #expect(partly.operation.type == .refund && partly.operation.status == .approved)
            #expect(partly.operation.achDetails?.customerAccountNumber == "*****6789")
            #expect(partly.payment.status == .cleared && partly.payment.amounts?.refunded == 1_000)
            let over = try await session.followUp(debit.id, .refund, json: #"{"amount":1501}"#)
            #expect(over.status == 409 && over.error?.code == APIErrorCode.amountExceedsAvailable.rawValue)
            let rest = try await session.followUp(debit.id, .refund).decode(FollowUpResponse.self)
            #expect(rest.payment.status == .refunded && rest.payment.amounts?.refunded == 2_500)
            #expect(try await harness.services.achClearing.run() == 0, "a finished debit is not asked about again")
        }
    }

    @Test func aDebitCancelledBeforeSubmissionIsNeverSent() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let debit = try await Self.debit(session)
            let cancel = try await session.followUp(debit.id, .void)
            #expect(cancel.status == 201, "\(cancel.text)")
            let done = try cancel.decode(FollowUpResponse.self)
            #expect(done.operation.type == .void && done.operation.status == .approved)
            #expect(done.payment.status == .cancelled && done.payment.availableOperations == [])
            #expect(try await session.followUp(debit.id, .void).status == 409)
            let close = try await session.send(.post, APIPath.closeBatch)
            #expect(close.status == 200 || close.status == 201 || close.status == 204)
            #expect(try await Self.details(session, debit.id).status == .cancelled)
            let session = try await Self.afterClearing(session)
            #expect(try await Self.details(session, debit.id).status == .cancelled)
            #expect(try await harness.services.achClearing.run() == 0)
        }
    }

    @Test func theSimulatorsTestAccountsReachEveryOtherStatus() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let declined = try await Self.debit(session, account: ACHExamples.declinedAccount)
            #expect(declined.status == .declined && declined.processor?.responseCode == "R03" && declined.batchId == nil)
            let held = try await Self.debit(session, account: ACHExamples.heldAccount)
            #expect(held.status == .heldByProcessor && held.processor?.responseCode == ACHResponseCode.heldForReview)
            #expect(held.batchId == nil, "a held debit waits outside any batch")
            #expect(held.availableOperations?.map(\.operationType) == [.void])
            let returned = try await Self.debit(session, account: ACHExamples.returnedAccount)
            _ = try await session.send(.post, APIPath.closeBatch)
            #expect(try await Self.details(session, held.id).status == .heldByProcessor, "the close does not submit a held debit")
            let session = try await Self.afterClearing(session)
            #expect(try await harness.services.achClearing.run() == 1)
            let charged = try await Self.details(session, returned.id)
            #expect(charged.status == .chargedBack && charged.processor?.responseCode == "R01")
            #expect(charged.processor?.message == "Insufficient funds" && charged.availableOperations == [])
            #expect(try await session.followUp(returned.id, .refund).status == 409)
            #expect(try await session.followUp(held.id, .void).decode(FollowUpResponse.self).payment.status == .cancelled)
        }
    }

    @Test func webhookEventsFollowTheDebit() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            _ = try await session.createEndpoint()
            let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
            var seen = Set<String>()
            let debit = try await Self.debit(session)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.created", "transaction.scheduled"])
            _ = try await session.send(.post, APIPath.closeBatch)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.settled"])
            let session = try await Self.afterClearing(session)
            _ = try await harness.services.achClearing.run()
            #expect(try await probe.newTypes(since: &seen) == ["transaction.cleared"])
            _ = try await Self.debit(session, account: ACHExamples.heldAccount)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.created", "transaction.held"])
            _ = try await session.followUp(debit.id, .refund)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.refunded"])
        }
    }

    @Test func anotherMerchantsDebitIsNotFoundAndListsSortByPaymentMethod() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let card = try await session.pay()
            let debit = try await Self.debit(session)
            let other = try await harness.otherMerchantToken(session.client)
            #expect(try await session.send(.get, APIPath.transaction(debit.id), token: other).status == 404)
            #expect(try await session.send(.post, APIPath.followUp(debit.id, .void), token: other).status == 404)
            let ascending = try await session.send(.get, "\(APIPath.transactions)?orderBy=paymentMethodType&asc=true").decode(TransactionList.self)
            #expect(ascending.items.map(\.id) == [card.id, debit.id], "card (ARISE 1) before electronic check (2)")
            let descending = try await session.send(.get, "\(APIPath.transactions)?orderBy=paymentMethodType&asc=false").decode(TransactionList.self)
            #expect(descending.items.map(\.id) == [debit.id, card.id])
            let achOnly = try await session.send(.get, "\(APIPath.transactions)?type=achDebit").decode(TransactionList.self)
            #expect(achOnly.items.map(\.id) == [debit.id])
        }
    }
}
