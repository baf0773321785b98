import Foundation
import PaymentCore
import Testing

@Suite struct DisputeLifecycleTests {
    static let opened = Date(timeIntervalSince1970: 1_800_000_000)

    static func dispute() -> Dispute {
        Dispute(
            id: "d_1", merchantId: "m_1", paymentId: "t_1", reference: "CB-1", reasonCode: "10.4",
            amount: Money(minorUnits: 1_500, currency: .jpy), respondBy: opened.addingTimeInterval(86_400), createdAt: opened)
    }

    @Test func acceptingClosesItAsAcceptedWhichDebitsTheMerchant() throws {
        var dispute = Self.dispute()
        let now = Self.opened.addingTimeInterval(60)
        try DisputeLifecycle.accept(&dispute, now: now)
        #expect(dispute.status == .accepted)
        #expect(dispute.status.isClosed && dispute.status.debitsMerchant)
        #expect(dispute.closedAt == now && dispute.updatedAt == now)
        #expect(throws: DisputeError.notAwaitingResponse(.accepted)) { try DisputeLifecycle.accept(&dispute, now: now) }
        #expect(throws: DisputeError.notAwaitingResponse(.accepted)) { try DisputeLifecycle.submitEvidence(&dispute, text: "late", now: now) }
    }

    @Test func evidencePutsItUnderReviewOnce() throws {
        var dispute = Self.dispute()
        let now = Self.opened.addingTimeInterval(120)
        try DisputeLifecycle.submitEvidence(&dispute, text: "Delivered and signed for", now: now)
        #expect(dispute.status == .underReview)
        #expect(dispute.evidenceText == "Delivered and signed for" && dispute.evidenceSubmittedAt == now)
        #expect(dispute.closedAt == nil)
        #expect(throws: DisputeError.notAwaitingResponse(.underReview)) { try DisputeLifecycle.accept(&dispute, now: now) }
    }

    @Test func theAcquirersStatusMovesItOnAndAClosedOneIsFinal() throws {
        var dispute = Self.dispute()
        let now = Self.opened.addingTimeInterval(600)
        #expect(try DisputeLifecycle.report(.needsResponse, on: &dispute, now: now) == false, "the same status again is no change")
        #expect(dispute.updatedAt == Self.opened)
        #expect(try DisputeLifecycle.report(.underReview, on: &dispute, now: now))
        #expect(throws: DisputeError.cannotReopen(.underReview)) { try DisputeLifecycle.report(.needsResponse, on: &dispute, now: now) }
        #expect(try DisputeLifecycle.report(.won, on: &dispute, now: now))
        #expect(dispute.closedAt == now)
        #expect(!dispute.status.debitsMerchant)
        #expect(try DisputeLifecycle.report(.won, on: &dispute, now: now) == false)
        #expect(throws: DisputeError.alreadyClosed(.won)) { try DisputeLifecycle.report(.lost, on: &dispute, now: now) }
    }

    @Test func lostAndAcceptedDebitWonDoesNot() {
        #expect(DisputeStatus.allCases.filter(\.debitsMerchant) == [.lost, .accepted])
        #expect(DisputeStatus.allCases.filter(\.isClosed) == [.won, .lost, .accepted])
    }
}
