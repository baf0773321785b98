import Foundation
import Storage

extension SQLTables {
    /// Dashboard users (SQLite migration 22, PostgreSQL 16; the forced password change and
    /// the invitation 38, 33; two-factor 39, 34): the email unique, the password a bcrypt hash.
    static let dashboardUsers = SQLTable<DashboardUser>("dashboard_users", key: ["id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "email") { .text($0.email) },
        Column(name: "role") { .text($0.role.rawValue) },
        Column(name: "password_hash") { .text($0.passwordHash) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "failed_sign_ins") { SQLValue.integer(Int64($0.failedSignIns)) },
        Column(name: "locked_until") { SQLValue.date($0.lockedUntil) },
        Column(name: "must_change_password") { .bool($0.mustChangePassword) },
        Column(name: "invitation_hash") { SQLValue.text($0.invitationHash) },
        Column(name: "invitation_expires_at") { SQLValue.date($0.invitationExpiresAt) },
        Column(name: "totp_secret") { SQLValue.text($0.totpSecret) },
        Column(name: "totp_last_step") { SQLValue.integer($0.totpLastStep) },
    ]) { row in
        var user = DashboardUser(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), email: try row.text("email"),
            role: try row.value(DashboardUser.Role.self, "role"), passwordHash: try row.text("password_hash"),
            createdAt: try row.date("created_at"))
        user.failedSignIns = try row.int("failed_sign_ins")
        user.lockedUntil = try row.optionalDate("locked_until")
        user.mustChangePassword = try row.bool("must_change_password")
        user.invitationHash = try row.optionalText("invitation_hash")
        user.invitationExpiresAt = try row.optionalDate("invitation_expires_at")
        user.totpSecret = try row.optionalText("totp_secret")
        user.totpLastStep = try row.optionalInt64("totp_last_step")
        return user
    }

    /// Signed-in browsers, by the SHA-256 of their cookie.
    static let dashboardSessions = SQLTable<DashboardSession>("dashboard_sessions", key: ["token_hash"], columns: [
        Column(name: "token_hash") { .text($0.tokenHash) },
        Column(name: "user_id") { .text($0.userId) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "csrf_token") { .text($0.csrfToken) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "expires_at") { SQLValue.date($0.expiresAt) },
    ]) { row in
        DashboardSession(
            tokenHash: try row.text("token_hash"), userId: try row.text("user_id"), merchantId: try row.text("merchant_id"),
            csrfToken: try row.text("csrf_token"), createdAt: try row.date("created_at"), expiresAt: try row.date("expires_at"))
    }

    static let dashboardAudit = SQLTable<DashboardAuditEntry>("dashboard_audit", key: ["id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "user_id") { .text($0.userId) },
        Column(name: "user_email") { .text($0.userEmail) },
        Column(name: "action") { .text($0.action) },
        Column(name: "subject_id") { SQLValue.text($0.subjectId) },
        Column(name: "detail") { SQLValue.text($0.detail) },
        Column(name: "at") { SQLValue.date($0.at) },
    ]) { row in
        DashboardAuditEntry(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), userId: try row.text("user_id"),
            userEmail: try row.text("user_email"), action: try row.text("action"), subjectId: try row.optionalText("subject_id"),
            detail: try row.optionalText("detail"), at: try row.date("at"))
    }
}
