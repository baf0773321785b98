import Foundation

/// Reader tokens from the provider's token service, kept per merchant, device and Apple
/// merchant identifier until ``RemoteReaderTokenSettings/cacheMargin`` before they expire, so
/// a device asking again (each app start, each prepare) costs the service nothing. Lives in
/// memory only: a restart or another instance asks the service afresh. PIN tokens are never
/// cached: each payment waiting for its PIN gets its own.
actor ReaderTokenCache {
    struct Key: Hashable {
        var merchantId: String
        var deviceId: String
        var appleMerchantIdentifier: String?
    }

    private var tokens: [Key: IssuedReaderToken] = [:]

    /// The cached token for `key` if it still has more than the margin to live at `now`.
    func token(for key: Key, now: Date) -> IssuedReaderToken? {
        guard let token = tokens[key], Self.usable(token, now: now) else { return nil }
        return token
    }

    /// Keeps `token` for `key`, and forgets every token past its margin.
    func store(_ token: IssuedReaderToken, for key: Key, now: Date) {
        tokens = tokens.filter { Self.usable($0.value, now: now) }
        if Self.usable(token, now: now) { tokens[key] = token }
    }

    private static func usable(_ token: IssuedReaderToken, now: Date) -> Bool {
        token.expiresAt.timeIntervalSince(now) > RemoteReaderTokenSettings.cacheMargin
    }
}
