import Foundation
import HummingbirdBcrypt
import NIOPosix
import Storage

/// The merchant's team, managed by its admins: an invitation (a one-time sign-in link, shown
/// once, with no mail server needed), a role changed, a password change required, a user
/// removed; and each user's own password. Every change is in the audit list. An admin never
/// changes their own role or removes themselves, and the merchant always keeps an admin.
extension DashboardAccounts {
    /// How long an invitation's link works.
    static let invitationLifetime: TimeInterval = 72 * 3600

    /// Why a team change was not made, in words for the page; nothing was changed.
    struct TeamRefusal: Error {
        let message: String
    }

    /// Makes an invited user with no password yet; answers it and its link's token (never stored).
    func invite(email typed: String, role: DashboardUser.Role, by admin: DashboardUser) async throws -> (DashboardUser, token: String) {
        let email: String
        do { email = try MerchantAdmin.normalizedEmail(typed) } catch { throw TeamRefusal(message: "that is not an email address") }
        let token = DashboardCookies.newToken()
        let now = now()
        var user = DashboardUser(id: makeId(), merchantId: admin.merchantId, email: email, role: role, passwordHash: "", createdAt: now)
        user.invitationHash = Self.hash(token)
        user.invitationExpiresAt = now.addingTimeInterval(Self.invitationLifetime)
        try await store.write { [user] writer in
            guard try await writer.dashboardUser(email: email) == nil else { throw TeamRefusal(message: "\(email) already has a dashboard user") }
            try await writer.insert(user)
            try await writer.insert(entry(admin, "invite-user", subject: user.id, detail: "\(email) as \(role.rawValue)", at: now))
        }
        return (user, token)
    }

    /// The invited user a link's token names, while the link works; nil otherwise.
    func invitation(token: String) async throws -> DashboardUser? {
        guard token.utf8.count <= 128 else { return nil }
        let now = now()
        return try await store.read { try await $0.dashboardUser(invitationHash: Self.hash(token)) }
            .flatMap { user in (user.invitationExpiresAt ?? .distantPast) > now ? user : nil }
    }

    /// Sets the invited user's first password and signs them in; the link works no more.
    func acceptInvitation(token: String, password: String, repeated: String, from browserToken: String?) async throws -> SignedIn {
        guard let invited = try await invitation(token: token) else {
            throw TeamRefusal(message: "This link has expired or was used. Ask an admin for a new invitation.")
        }
        var user = invited
        user.passwordHash = try await newPasswordHash(password, repeated: repeated)
        (user.invitationHash, user.invitationExpiresAt, user.mustChangePassword) = (nil, nil, false)
        return try await openSession(for: user, replacing: browserToken, action: "accept-invitation", writing: user)
    }

    /// Changes another user's role; the merchant keeps at least one admin.
    func setRole(_ role: DashboardUser.Role, of userId: String, by admin: DashboardUser) async throws {
        try await changeTeammate(userId, by: admin, action: "change-role", detail: "to \(role.rawValue)") { user, team in
            guard user.role != role else { return }
            if user.role == .admin, team.filter({ $0.role == .admin }).count <= 1 { throw TeamRefusal(message: "the merchant needs an admin") }
            user.role = role
        }
    }

    /// The user's next page is the password form, until they choose a new password.
    func requirePasswordChange(of userId: String, by admin: DashboardUser) async throws {
        try await changeTeammate(userId, by: admin, action: "require-password-change", detail: nil) { user, _ in
            user.mustChangePassword = true
        }
    }

    /// Removes a user and ends their sessions.
    func remove(_ userId: String, by admin: DashboardUser) async throws {
        guard userId != admin.id else { throw TeamRefusal(message: "you cannot remove yourself; another admin can") }
        try await store.write { writer in
            guard let user = try await writer.dashboardUser(id: userId, merchantId: admin.merchantId) else {
                throw TeamRefusal(message: "there is no such user")
            }
            try await writer.deleteDashboardUser(id: user.id, merchantId: user.merchantId)
            try await writer.insert(entry(admin, "remove-user", subject: user.id, detail: user.email, at: now()))
        }
    }

    /// A user's own new password, after the current one; their other sessions end.
    func changePassword(_ user: DashboardUser, current: String, new: String, repeated: String, keeping sessionHash: String) async throws {
        guard current.utf8.count <= 256, try await Self.verify(current, hash: user.passwordHash) else {
            throw TeamRefusal(message: "the current password is not right")
        }
        guard new != current else { throw TeamRefusal(message: "choose a password you have not used here") }
        let hash = try await newPasswordHash(new, repeated: repeated)
        try await store.write { writer in
            guard var stored = try await writer.dashboardUser(id: user.id, merchantId: user.merchantId) else { return }
            (stored.passwordHash, stored.mustChangePassword) = (hash, false)
            try await writer.update(stored)
            try await writer.deleteDashboardSessions(userId: user.id, except: sessionHash)
            try await writer.insert(entry(user, "change-password", subject: user.id, detail: nil, at: now()))
        }
    }

    // MARK: - Shared steps

    /// A teammate's change, made in one write with the team read in it; never one's own.
    fileprivate func changeTeammate(
        _ userId: String, by admin: DashboardUser, action: String, detail: String?,
        _ change: @Sendable @escaping (inout DashboardUser, [DashboardUser]) throws -> Void
    ) async throws {
        guard userId != admin.id else { throw TeamRefusal(message: "you cannot change that for yourself; another admin can") }
        try await store.write { writer in
            guard var user = try await writer.dashboardUser(id: userId, merchantId: admin.merchantId) else {
                throw TeamRefusal(message: "there is no such user")
            }
            try change(&user, try await writer.dashboardUsers(merchantId: admin.merchantId))
            try await writer.update(user)
            try await writer.insert(entry(admin, action, subject: user.id, detail: [user.email, detail].compactMap { $0 }.joined(separator: " "), at: now()))
        }
    }

    /// bcrypt of a new password (12 to 72 bytes, typed twice the same), on the blocking pool.
    private func newPasswordHash(_ password: String, repeated: String) async throws -> String {
        guard password == repeated else { throw TeamRefusal(message: "the two passwords differ") }
        guard password.count >= MerchantAdmin.minimumPasswordLength, password.utf8.count <= 72 else {
            throw TeamRefusal(message: "a password must be \(MerchantAdmin.minimumPasswordLength) characters to 72 bytes")
        }
        let cost = settings.passwordCost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    fileprivate func entry(_ user: DashboardUser, _ action: String, subject: String?, detail: String?, at: Date) -> DashboardAuditEntry {
        DashboardAuditEntry(
            id: makeId(), merchantId: user.merchantId, userId: user.id, userEmail: user.email, action: action, subjectId: subject,
            detail: detail, at: at)
    }
}

// Two-factor sign-in (RFC 6238 TOTP), turned on by each user for themselves.
extension DashboardAccounts {
    /// Turns two-factor sign-in on with `secret` (base32, as the page showed it), once a code
    /// of it proves the authenticator app has it.
    func turnOnTwoFactor(_ user: DashboardUser, secret: String, code: String) async throws {
        guard user.totpSecret == nil else { throw TeamRefusal(message: "two-factor sign-in is on already") }
        guard let totp = TOTP(base32: secret), totp.secret.count >= 16 else { throw TeamRefusal(message: "reload the page for a new secret") }
        guard let step = totp.matchingStep(of: code, at: now(), after: nil) else {
            throw TeamRefusal(message: "that code is not the app's current one; check the app's clock, and type the code it shows now")
        }
        try await store.write { writer in
            guard var stored = try await writer.dashboardUser(id: user.id, merchantId: user.merchantId) else { return }
            (stored.totpSecret, stored.totpLastStep) = (totp.base32, step)
            try await writer.update(stored)
            try await writer.insert(entry(user, "turn-on-two-factor", subject: user.id, detail: nil, at: now()))
        }
    }

    /// Turns it off with a current code; an admin turns off a teammate's, who lost their
    /// phone, with ``turnOffTwoFactor(of:by:)``.
    func turnOffTwoFactor(_ user: DashboardUser, code: String) async throws {
        guard let totp = user.totpSecret.flatMap(TOTP.init(base32:)) else { throw TeamRefusal(message: "two-factor sign-in is off already") }
        guard totp.matchingStep(of: code, at: now(), after: user.totpLastStep) != nil else {
            throw TeamRefusal(message: "that code is not the app's current one")
        }
        try await store.write { writer in
            guard var stored = try await writer.dashboardUser(id: user.id, merchantId: user.merchantId) else { return }
            (stored.totpSecret, stored.totpLastStep) = (nil, nil)
            try await writer.update(stored)
            try await writer.insert(entry(user, "turn-off-two-factor", subject: user.id, detail: nil, at: now()))
        }
    }

    func turnOffTwoFactor(of userId: String, by admin: DashboardUser) async throws {
        try await changeTeammate(userId, by: admin, action: "turn-off-two-factor", detail: nil) { user, _ in
            (user.totpSecret, user.totpLastStep) = (nil, nil)
        }
    }
}
