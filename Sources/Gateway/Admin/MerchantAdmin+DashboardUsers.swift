import Foundation
import HummingbirdBcrypt
import Storage

extension MerchantAdmin {
    /// A dashboard user just created, with its password (shown once, never stored).
    public struct NewDashboardUser: Sendable {
        public var user: DashboardUser
        public var password: String
    }

    /// The shortest password a user may be given.
    public static let minimumPasswordLength = 12

    /// An email as a dashboard user's is kept: trimmed, lower-cased, one `@` with a dot after
    /// it, at most 254 characters, no space or control character.
    public static func normalizedEmail(_ text: String) throws -> String {
        let email = text.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), email.count <= 254,
              !email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            throw AdminError.invalidSetting(field: "email", message: "'\(email.prefix(80))' is not an email address")
        }
        return email
    }

    /// Creates a dashboard user of `merchantId`. With no `password` one is generated (24
    /// characters); a given one must be at least ``minimumPasswordLength`` characters. The
    /// email is kept lower-cased and must be unique across the gateway.
    public func createDashboardUser(
        merchantId: String, email: String, role: DashboardUser.Role, password: String? = nil, cost: UInt8 = 12
    ) async throws -> NewDashboardUser {
        let email = try Self.normalizedEmail(email)
        let chosen = password ?? String(DashboardCookies.newToken().prefix(24))
        guard chosen.count >= Self.minimumPasswordLength, chosen.utf8.count <= 72 else {
            throw AdminError.invalidSetting(
                field: "password", message: "a password must be \(Self.minimumPasswordLength) to 72 bytes (bcrypt reads no more)")
        }
        let user = DashboardUser(
            id: makeId(), merchantId: merchantId, email: email, role: role, passwordHash: Bcrypt.hash(chosen, cost: cost), createdAt: now())
        try await store.write { writer in
            guard try await writer.merchant(id: merchantId) != nil else { throw AdminError.unknownMerchant(merchantId) }
            guard try await writer.dashboardUser(email: email) == nil else {
                throw AdminError.invalidSetting(field: "email", message: "\(email) already has a dashboard user")
            }
            try await writer.insert(user)
        }
        return NewDashboardUser(user: user, password: chosen)
    }
}
