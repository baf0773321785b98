import PaymentCore

/// Access tokens this gateway verified before, by their exact text, so a token presented
/// again skips the work of verifying it (base64, two JSON decodings, the HMAC).
///
/// It keeps only what a full verification would conclude again, because the verdict on a
/// token's text never changes: the signing key does not rotate (only the card-data keys do),
/// and a changed byte is another text, a miss, verified in full and refused. What does change
/// is time, so ``AccessTokenSigner/verify(_:now:)`` checks `exp` against the clock on every use,
/// cached or not. Revocation needs nothing here: an access token carries its client's
/// permissions and is never checked against the store (revoking a client stops new tokens and
/// refreshes; one it holds lasts until `exp`, see `MerchantAdmin.revokeClient`), with the
/// cache as without it. Integrator JWTs are not cached: their client is read from the store on
/// every request, which is how a revocation refuses them at once.
///
/// Bounded: at ``capacity`` the oldest entry makes room. One per gateway (its signer), never
/// global, so gateways sharing a process (tests) never see each other's tokens.
final class VerifiedTokenCache: Sendable {
    /// Enough for every token of a busy fleet's 15-minute lifetime; about 4 MB when full.
    static let defaultCapacity = 10_000

    private struct Entries {
        var tokens: [String: VerifiedAccessToken] = [:]
        /// The texts in the order they came, as a ring: `order[next]` is the oldest once full.
        var order: [String] = []
        var next = 0
    }

    let capacity: Int
    private let entries = LockedBox(Entries())

    init(capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "a token cache holds at least one token")
        self.capacity = capacity
    }

    /// The token's claims from its earlier verification; nil if it was never verified here
    /// (or was evicted). Its expiry is the caller's to check.
    func verified(_ token: String) -> VerifiedAccessToken? {
        entries.withLock { $0.tokens[token] }
    }

    /// Keeps a token that was just verified in full, evicting the oldest at ``capacity``.
    func remember(_ token: String, _ verified: VerifiedAccessToken) {
        let capacity = capacity
        entries.withLock { entries in
            guard entries.tokens.updateValue(verified, forKey: token) == nil else { return }
            if entries.order.count < capacity {
                entries.order.append(token)
            } else {
                entries.tokens[entries.order[entries.next]] = nil
                entries.order[entries.next] = token
                entries.next = (entries.next + 1) % capacity
            }
        }
    }

    /// How many tokens are held.
    var count: Int { entries.withLock { $0.tokens.count } }
}

/// A verified access token's claims, with its permissions as the ``Caller`` takes them.
struct VerifiedAccessToken: Sendable {
    let claims: AccessTokenClaims
    let permissions: Set<String>

    init(_ claims: AccessTokenClaims) {
        self.claims = claims
        permissions = Set(claims.perms)
    }
}
