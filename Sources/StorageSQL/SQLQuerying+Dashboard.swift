import Foundation
import Storage

extension SQLQuerying {
    func dashboardUser(email: String) async throws -> DashboardUser? {
        try await fetch(SQLTables.dashboardUsers, where: "email = ?", [.text(email)]).first
    }

    func dashboardUser(id: String, merchantId: String) async throws -> DashboardUser? {
        try await fetch(SQLTables.dashboardUsers, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func dashboardUsers(merchantId: String) async throws -> [DashboardUser] {
        try await fetch(SQLTables.dashboardUsers, where: "merchant_id = ?", [.text(merchantId)], orderBy: "email")
    }

    func dashboardUser(invitationHash: String) async throws -> DashboardUser? {
        try await fetch(SQLTables.dashboardUsers, where: "invitation_hash = ?", [.text(invitationHash)]).first
    }

    func dashboardSession(tokenHash: String) async throws -> DashboardSession? {
        try await fetch(SQLTables.dashboardSessions, where: "token_hash = ?", [.text(tokenHash)]).first
    }

    func dashboardAudit(merchantId: String, limit: Int) async throws -> [DashboardAuditEntry] {
        try await fetch(
            SQLTables.dashboardAudit, where: "merchant_id = ?", [.text(merchantId)], orderBy: "at DESC, id LIMIT \(max(0, limit))")
    }
}

extension SQLWriter {
    func insert(_ user: DashboardUser) async throws {
        try await insert(user, into: SQLTables.dashboardUsers, subject: "dashboard user \(user.email)")
    }

    func update(_ user: DashboardUser) async throws {
        try await update(user, in: SQLTables.dashboardUsers, subject: "dashboard user \(user.id)")
    }

    func insert(_ session: DashboardSession) async throws {
        try await insert(session, into: SQLTables.dashboardSessions, subject: "dashboard session")
    }

    func deleteDashboardSession(tokenHash: String) async throws {
        try await session.run("DELETE FROM dashboard_sessions WHERE token_hash = ?", [.text(tokenHash)])
    }

    func deleteDashboardUser(id: String, merchantId: String) async throws {
        // Its sessions first: they refer to it.
        try await session.run("DELETE FROM dashboard_sessions WHERE user_id = ? AND merchant_id = ?", [.text(id), .text(merchantId)])
        try await session.run("DELETE FROM dashboard_users WHERE id = ? AND merchant_id = ?", [.text(id), .text(merchantId)])
    }

    func deleteDashboardSessions(userId: String, except tokenHash: String?) async throws {
        try await session.run(
            "DELETE FROM dashboard_sessions WHERE user_id = ? AND token_hash <> ?", [.text(userId), .text(tokenHash ?? "")])
    }

    func deleteDashboardSessions(expiredBefore date: Date) async throws {
        try await session.run("DELETE FROM dashboard_sessions WHERE expires_at < ?", [SQLValue.date(date)])
    }

    func insert(_ entry: DashboardAuditEntry) async throws {
        try await insert(entry, into: SQLTables.dashboardAudit, subject: "audit entry \(entry.id)")
    }
}
