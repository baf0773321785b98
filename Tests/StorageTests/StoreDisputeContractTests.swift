import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Disputes and their evidence files, on every store.
@Suite("Store contract: disputes")
struct StoreDisputeContractTests {
    static func dispute(_ id: String, reference: String, merchant: String = "m_1", payment: String = "t_1", at minute: Int64 = 1) -> Dispute {
        Dispute(
            id: id, merchantId: merchant, paymentId: payment, reference: reference, reasonCode: "10.4", reason: "Fraud, «card absent»",
            amount: Money(minorUnits: 1_800, currency: .jpy), respondBy: Fixtures.minutes(minute + 10_080), createdAt: Fixtures.minutes(minute))
    }

    @Test(arguments: StoreFactories.all)
    func disputesRoundTripAndReferencesAreUniquePerMerchant(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let first = Self.dispute("d_1", reference: "CB-1")
            let second = { var made = Self.dispute("d_2", reference: "CB-2", payment: "t_2", at: 2); made.reason = nil; return made }()
            let theirs = Self.dispute("d_3", reference: "CB-1", merchant: "m_2")
            try await store.write { writer in for dispute in [first, second, theirs] { try await writer.insert(dispute) } }
            #expect(try await store.read { try await $0.dispute(id: "d_1", merchantId: "m_1") } == first)
            #expect(try await store.read { try await $0.dispute(id: "d_3", merchantId: "m_1") } == nil, "another merchant's dispute")
            #expect(try await store.read { try await $0.dispute(reference: "CB-1", merchantId: "m_2") } == theirs)
            await #expect(throws: StoreError.self, "a merchant's reference again") {
                try await store.write { try await $0.insert(Self.dispute("d_9", reference: "CB-2", payment: "t_9")) }
            }
            var lost = second
            lost.status = .lost
            lost.evidenceText = "Signed delivery note"
            lost.evidenceSubmittedAt = Fixtures.minutes(3)
            lost.chargebackId = "t_cb"
            lost.updatedAt = Fixtures.minutes(4)
            lost.closedAt = Fixtures.minutes(4)
            try await store.write { [lost] writer in
                #expect(try await writer.lockDispute(id: "d_2", merchantId: "m_1") == second)
                #expect(try await writer.lockDispute(id: "d_3", merchantId: "m_1") == nil)
                try await writer.update(lost)
            }
            #expect(try await store.read { try await $0.dispute(id: "d_2", merchantId: "m_1") } == lost)
            var moved = theirs
            moved.merchantId = "m_1"
            await #expect(throws: StoreError.self, "an update never moves a dispute to another merchant") {
                try await store.write { [moved] in try await $0.update(moved) }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func listsAreNewestFirstFilteredAndPaged(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var disputes = (1...5).map { Self.dispute("d_\($0)", reference: "CB-\($0)", payment: $0 == 5 ? "t_5" : "t_1", at: Int64($0)) }
            disputes[1].status = .won
            try await store.write { [disputes] writer in for dispute in disputes { try await writer.insert(dispute) } }
            try await store.write { try await $0.insert(Self.dispute("d_x", reference: "CB-x", merchant: "m_2", at: 9)) }
            let page = try await store.read { try await $0.disputes(DisputeQuery(merchantId: "m_1", pageSize: 2)) }
            #expect(page.disputes.map(\.id) == ["d_5", "d_4"])
            #expect(page.total == 5)
            let last = try await store.read { try await $0.disputes(DisputeQuery(merchantId: "m_1", page: 2, pageSize: 2)) }
            #expect(last.disputes.map(\.id) == ["d_1"])
            let won = try await store.read { try await $0.disputes(DisputeQuery(merchantId: "m_1", status: .won)) }
            #expect(won.disputes.map(\.id) == ["d_2"])
            let ofPayment = try await store.read { try await $0.disputes(DisputeQuery(merchantId: "m_1", paymentId: "t_5")) }
            #expect(ofPayment.disputes.map(\.id) == ["d_5"])
            #expect(ofPayment.total == 1)
            #expect(try await store.read { try await $0.disputes(paymentId: "t_1", merchantId: "m_1") }.map(\.id) == ["d_4", "d_3", "d_2", "d_1"])
            #expect(try await store.read { try await $0.disputes(paymentId: "t_1", merchantId: "m_2") }.map(\.id) == ["d_x"], "each merchant its own")
        }
    }

    @Test(arguments: StoreFactories.all)
    func evidenceFilesKeepTheirBytesAndBelongToTheirMerchant(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.insert(Self.dispute("d_1", reference: "CB-1")) }
            let bytes = Data([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF, 0x0A])
            let pdf = DisputeEvidenceFile(
                id: "f_1", disputeId: "d_1", merchantId: "m_1", name: "receipt.pdf", contentType: "application/pdf", data: bytes,
                position: 0, createdAt: Fixtures.minutes(2))
            let note = DisputeEvidenceFile(
                id: "f_2", disputeId: "d_1", merchantId: "m_1", name: "note.txt", contentType: "text/plain", data: Data("ok".utf8),
                position: 1, createdAt: Fixtures.minutes(1))
            try await store.write { writer in
                try await writer.insert(note)
                try await writer.insert(pdf)
            }
            #expect(try await store.read { try await $0.disputeEvidenceFiles(disputeId: "d_1", merchantId: "m_1") } == [pdf, note])
            #expect(try await store.read { try await $0.disputeEvidenceFiles(disputeId: "d_1", merchantId: "m_2") }.isEmpty)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aProcessorsReportFindsOnlyPayments(_ factory: StoreFactory) async throws {
        let sale = Fixtures.transaction(id: "t_1", merchantId: "m_2")
        var refund = Fixtures.transaction(id: "t_2", merchantId: "m_2")
        refund.type = .refund
        refund.parentId = "t_1"
        try await factory.withStore { store in
            try await store.seed(transactions: [sale, refund])
            #expect(try await store.read { try await $0.paymentReportedByProcessor(id: "t_1") }?.merchantId == "m_2")
            #expect(try await store.read { try await $0.paymentReportedByProcessor(id: "t_2") } == nil)
            #expect(try await store.read { try await $0.paymentReportedByProcessor(id: "t_9") } == nil)
        }
    }
}
