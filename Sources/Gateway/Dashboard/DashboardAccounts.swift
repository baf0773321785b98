import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import Storage

/// Dashboard sign-in, sessions and the audit list. A wrong password, an unknown email and a
/// locked user get the same answer after the same delay, so the answer never says which
/// part was wrong; ``DashboardSettings/maxFailedSignIns`` wrong passwords in a row lock the
/// user for ``DashboardSettings/lockout``.
struct DashboardAccounts: Sendable {
    let store: any Store
    let settings: DashboardSettings
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    let throttle: DashboardSignInThrottle

    init(store: any Store, settings: DashboardSettings, now: @escaping @Sendable () -> Date, makeId: @escaping @Sendable () -> String) {
        self.store = store
        self.settings = settings
        self.now = now
        self.makeId = makeId
        throttle = DashboardSignInThrottle(limit: settings.maxFailuresPerAddress, window: settings.addressWindow)
    }

    /// A browser just signed in: the cookie's token (shown once), its session and user.
    struct SignedIn: Sendable {
        var token: String
        var session: DashboardSession
        var user: DashboardUser
    }

    /// The one refusal of a sign-in.
    struct Refused: Error {}

    /// Checks the password (and, for a user with two-factor sign-in on, the code from their
    /// authenticator app: a wrong or used one counts as a wrong password) and opens a new
    /// session; the session the browser had, if any, ends (a new token at every sign-in).
    /// `address` is the client's, for the throttle.
    func signIn(email: String, password: String, code: String = "", replacing oldToken: String?, from address: String) async throws -> SignedIn {
        let email = email.trimmingCharacters(in: .whitespaces).lowercased()
        let now = now()
        guard throttle.allows(address, now: now) else { try await refuse(address, now: now, counted: false) }
        guard let user = try await store.read({ try await $0.dashboardUser(email: email) }) else {
            // The same work as a real check, so timing does not tell an unknown email apart.
            _ = try await Self.verify(password, hash: Self.decoyHash)
            try await refuse(address, now: now)
        }
        // Locked, or invited and not yet in (no password to check): the same refusal.
        if (user.lockedUntil.map { $0 > now } ?? false) || user.passwordHash.isEmpty {
            _ = try await Self.verify(password, hash: Self.decoyHash)
            try await refuse(address, now: now)
        }
        let step = user.totpSecret.flatMap(TOTP.init(base32:)).flatMap { $0.matchingStep(of: code, at: now, after: user.totpLastStep) }
        guard password.utf8.count <= 256, try await Self.verify(password, hash: user.passwordHash), user.totpSecret == nil || step != nil else {
            try await store.write { [settings] writer in
                guard var current = try await writer.dashboardUser(id: user.id, merchantId: user.merchantId) else { return }
                current.failedSignIns += 1
                if current.failedSignIns >= settings.maxFailedSignIns {
                    current.lockedUntil = now.addingTimeInterval(settings.lockout)
                    current.failedSignIns = 0
                }
                try await writer.update(current)
            }
            try await refuse(address, now: now)
        }
        var signedIn = user
        signedIn.failedSignIns = 0
        signedIn.lockedUntil = nil
        if let step { signedIn.totpLastStep = step }
        return try await openSession(for: signedIn, replacing: oldToken, action: "sign-in", writing: signedIn)
    }

    /// A new session for `user` (the browser's old one ends), with `written` (the user as it
    /// is now) and the audit entry in the same write.
    func openSession(for user: DashboardUser, replacing oldToken: String?, action: String, writing written: DashboardUser) async throws -> SignedIn {
        let now = now()
        let token = DashboardCookies.newToken()
        let session = DashboardSession(
            tokenHash: Self.hash(token), userId: user.id, merchantId: user.merchantId, csrfToken: DashboardCookies.newToken(),
            createdAt: now, expiresAt: now.addingTimeInterval(settings.sessionLifetime))
        let entry = DashboardAuditEntry(
            id: makeId(), merchantId: user.merchantId, userId: user.id, userEmail: user.email, action: action, at: now)
        try await store.write { writer in
            if let oldToken { try await writer.deleteDashboardSession(tokenHash: Self.hash(oldToken)) }
            try await writer.deleteDashboardSessions(expiredBefore: now)
            try await writer.update(written)
            try await writer.insert(session)
            try await writer.insert(entry)
        }
        return SignedIn(token: token, session: session, user: written)
    }

    /// The signed-in session and user of a cookie token; nil when there is none, it expired,
    /// or its user is gone.
    func current(token: String?) async throws -> DashboardSignedIn? {
        guard let token, !token.isEmpty, token.utf8.count <= 128 else { return nil }
        let now = now()
        return try await store.read { reader in
            guard let session = try await reader.dashboardSession(tokenHash: Self.hash(token)), session.expiresAt > now,
                  let user = try await reader.dashboardUser(id: session.userId, merchantId: session.merchantId) else { return nil }
            // The merchant (its name on every page, its currency and windows), in the same read.
            return DashboardSignedIn(session: session, user: user, merchant: try await reader.merchant(id: user.merchantId))
        }
    }

    func signOut(token: String, user: DashboardUser) async throws {
        let entry = DashboardAuditEntry(
            id: makeId(), merchantId: user.merchantId, userId: user.id, userEmail: user.email, action: "sign-out", at: now())
        try await store.write { writer in
            try await writer.deleteDashboardSession(tokenHash: Self.hash(token))
            try await writer.insert(entry)
        }
    }

    /// Records what `user` did, for the merchant's audit list.
    func audit(_ user: DashboardUser, _ action: String, subjectId: String? = nil, detail: String? = nil) async throws {
        let entry = DashboardAuditEntry(
            id: makeId(), merchantId: user.merchantId, userId: user.id, userEmail: user.email, action: action, subjectId: subjectId,
            detail: detail, at: now())
        try await store.write { try await $0.insert(entry) }
    }

    /// Counts the failure against the address (unless it was already refused for it), waits
    /// out the failure delay, then refuses.
    private func refuse(_ address: String, now: Date, counted: Bool = true) async throws -> Never {
        if counted { throttle.recordFailure(address, now: now) }
        try await Task.sleep(for: settings.failedSignInDelay)
        throw Refused()
    }

    /// bcrypt is a quarter of a second of CPU at cost 12: it runs on NIO's pool for blocking
    /// work, so sign-ins never hold the cooperative threads that payments run on.
    static func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// The SHA-256 of a cookie token, hex: what the store keeps.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A hash no password matches, checked when there is no user to check against.
    static let decoyHash = Bcrypt.hash(DashboardCookies.newToken(), cost: 12)
}
