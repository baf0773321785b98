import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// The dashboard's users, sessions and audit list, on every store.
@Suite("Store contract: dashboard")
struct StoreDashboardContractTests {
    static func user(_ id: String, _ email: String, merchant: String = "m_1", role: DashboardUser.Role = .admin) -> DashboardUser {
        DashboardUser(id: id, merchantId: merchant, email: email, role: role, passwordHash: "$2b$12$hash-\(id)", createdAt: Fixtures.minutes(1))
    }

    @Test(arguments: StoreFactories.all)
    func usersRoundTripAndEmailsAreUnique(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var zoe = Self.user("u_1", "zoë@example.com")
            zoe.failedSignIns = 3
            zoe.lockedUntil = Fixtures.date(77_123)
            let bob = Self.user("u_2", "bob@example.com", role: .viewer)
            let other = Self.user("u_3", "ann@example.com", merchant: "m_2")
            try await store.write { [zoe] in for user in [zoe, bob, other] { try await $0.insert(user) } }
            #expect(try await store.read { try await $0.dashboardUser(email: "zoë@example.com") } == zoe)
            #expect(try await store.read { try await $0.dashboardUser(id: "u_2", merchantId: "m_1") } == bob)
            #expect(try await store.read { try await $0.dashboardUser(id: "u_3", merchantId: "m_1") } == nil, "another merchant's user")
            #expect(try await store.read { try await $0.dashboardUsers(merchantId: "m_1") }.map(\.id) == ["u_2", "u_1"])
            await #expect(throws: StoreError.self) {
                try await store.write { try await $0.insert(Self.user("u_9", "bob@example.com", merchant: "m_2")) }
            }
            var unlocked = zoe
            unlocked.failedSignIns = 0
            unlocked.lockedUntil = nil
            try await store.write { [unlocked] in try await $0.update(unlocked) }
            #expect(try await store.read { try await $0.dashboardUser(email: "zoë@example.com") } == unlocked)
        }
    }

    @Test(arguments: StoreFactories.all)
    func sessionsAreFoundByTheirHashAndExpire(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.insert(Self.user("u_1", "zoe@example.com")) }
            let old = DashboardSession(
                tokenHash: "h_old", userId: "u_1", merchantId: "m_1", csrfToken: "c1", createdAt: Fixtures.minutes(1), expiresAt: Fixtures.minutes(5))
            let live = DashboardSession(
                tokenHash: "h_live", userId: "u_1", merchantId: "m_1", csrfToken: "c2", createdAt: Fixtures.minutes(2), expiresAt: Fixtures.minutes(50))
            try await store.write { for session in [old, live] { try await $0.insert(session) } }
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "h_live") } == live)
            try await store.write { try await $0.deleteDashboardSessions(expiredBefore: Fixtures.minutes(10)) }
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "h_old") } == nil)
            try await store.write { try await $0.deleteDashboardSession(tokenHash: "h_live") }
            try await store.write { try await $0.deleteDashboardSession(tokenHash: "h_live") }
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "h_live") } == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func invitationsForcedChangesRemovalAndOtherSessionsEnded(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var invited = Self.user("u_1", "new@example.com", role: .viewer)
            invited.passwordHash = ""
            invited.invitationHash = "inv_hash"
            invited.invitationExpiresAt = Fixtures.minutes(90)
            invited.mustChangePassword = true
            let admin = Self.user("u_2", "admin@example.com")
            try await store.write { [invited] in for user in [invited, admin] { try await $0.insert(user) } }
            #expect(try await store.read { try await $0.dashboardUser(invitationHash: "inv_hash") } == invited)
            #expect(try await store.read { try await $0.dashboardUser(invitationHash: "other") } == nil)
            var accepted = invited
            (accepted.invitationHash, accepted.invitationExpiresAt, accepted.passwordHash) = (nil, nil, "$2b$12$set")
            try await store.write { [accepted] in try await $0.update(accepted) }
            #expect(try await store.read { try await $0.dashboardUser(invitationHash: "inv_hash") } == nil, "a used link finds no one")
            #expect(try await store.read { try await $0.dashboardUser(email: "new@example.com") } == accepted)

            let sessions = ["s_a", "s_b", "s_c"].map {
                DashboardSession(tokenHash: $0, userId: $0 == "s_c" ? "u_2" : "u_1", merchantId: "m_1", csrfToken: "c",
                                 createdAt: Fixtures.minutes(1), expiresAt: Fixtures.minutes(50))
            }
            try await store.write { for session in sessions { try await $0.insert(session) } }
            try await store.write { try await $0.deleteDashboardSessions(userId: "u_1", except: "s_a") }
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "s_a") } != nil, "the one kept")
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "s_b") } == nil)
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "s_c") } != nil, "another user's")

            try await store.write { try await $0.deleteDashboardUser(id: "u_1", merchantId: "m_2") }
            #expect(try await store.read { try await $0.dashboardUser(id: "u_1", merchantId: "m_1") } != nil, "another merchant cannot remove it")
            try await store.write { try await $0.deleteDashboardUser(id: "u_1", merchantId: "m_1") }
            #expect(try await store.read { try await $0.dashboardUser(email: "new@example.com") } == nil)
            #expect(try await store.read { try await $0.dashboardSession(tokenHash: "s_a") } == nil, "its sessions end with it")
            #expect(try await store.read { try await $0.dashboardUsers(merchantId: "m_1") }.map(\.id) == ["u_2"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func theAuditListIsTheMerchantsNewestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let entries = [
                DashboardAuditEntry(id: "a_1", merchantId: "m_1", userId: "u_1", userEmail: "z@x", action: "sign-in", at: Fixtures.minutes(1)),
                DashboardAuditEntry(
                    id: "a_2", merchantId: "m_1", userId: "u_1", userEmail: "z@x", action: "refund", subjectId: "t_1", detail: "10.00 USD",
                    at: Fixtures.minutes(3)),
                DashboardAuditEntry(id: "a_3", merchantId: "m_2", userId: "u_2", userEmail: "y@x", action: "sign-in", at: Fixtures.minutes(4)),
                DashboardAuditEntry(id: "a_4", merchantId: "m_1", userId: "u_1", userEmail: "z@x", action: "void", at: Fixtures.minutes(2)),
            ]
            try await store.write { for entry in entries { try await $0.insert(entry) } }
            let listed = try await store.read { try await $0.dashboardAudit(merchantId: "m_1", limit: 10) }
            #expect(listed.map(\.id) == ["a_2", "a_4", "a_1"])
            #expect(listed.first == entries[1])
            #expect(try await store.read { try await $0.dashboardAudit(merchantId: "m_1", limit: 1) }.map(\.id) == ["a_2"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func aRowsBalanceAfterItsAnswerRoundTrips(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            var answered = Fixtures.transaction(id: "t_answered")
            answered.balanceAfter = PaymentBalance(authorized: .max, captured: 2_500, refunded: 0, tip: -1)
            try await store.seed(transactions: [answered, Fixtures.transaction(id: "t_pending", status: .pending)])
            #expect(try await store.read { try await $0.transaction(id: "t_answered", merchantId: "m_1") }?.balanceAfter == answered.balanceAfter)
            #expect(try await store.read { try await $0.transaction(id: "t_pending", merchantId: "m_1") }?.balanceAfter == nil)
            answered.balanceAfter?.refunded = 700
            try await store.write { [answered] in try await $0.update(answered) }
            #expect(try await store.read { try await $0.transaction(id: "t_answered", merchantId: "m_1") }?.balanceAfter?.refunded == 700)
        }
    }
}
