@preconcurrency import Crypto
import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// A verified access token is remembered by its text, and the cache changes no verdict: the
/// token still expires at `exp`, a tampered one is verified in full (and refused), and the
/// number held stays at the bound.
@Suite("Verified access token cache")
struct VerifiedTokenCacheTests {
    private static let start: Int64 = 1_795_000_000

    private func claims(expiring exp: Int64, id: String = "jti-1") -> AccessTokenClaims {
        AccessTokenClaims(iss: AccessTokenSigner.issuer, sub: "client-1", mid: "merchant-1", perms: ["ecommerceSale"],
                          iat: Self.start, exp: exp, jti: id)
    }

    private func at(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    @Test func aCachedTokenStillExpiresAtItsExp() {
        let signer = AccessTokenSigner(key: SymmetricKey(size: .bits256))
        let token = signer.sign(claims(expiring: Self.start + 900))
        #expect(signer.verify(token, now: at(Self.start))?.sub == "client-1")
        #expect(signer.cache.verified(token) != nil)
        #expect(signer.verify(token, now: at(Self.start + 899)) != nil)
        #expect(signer.verify(token, now: at(Self.start + 900)) == nil)
        #expect(signer.verify(token, now: at(Self.start + 10_000)) == nil)
        #expect(signer.cache.count == 1)
    }

    @Test func anExpiredTokenIsRefusedTheFirstTimeToo() {
        let signer = AccessTokenSigner(key: SymmetricKey(size: .bits256))
        let token = signer.sign(claims(expiring: Self.start))
        #expect(signer.verify(token, now: at(Self.start)) == nil)
        #expect(signer.verify(token, now: at(Self.start)) == nil)
    }

    @Test func tamperedTokensAreNeverServedFromTheCache() throws {
        let signer = AccessTokenSigner(key: SymmetricKey(size: .bits256))
        let token = signer.sign(claims(expiring: Self.start + 900))
        #expect(signer.verify(token, now: at(Self.start)) != nil)
        let parts = token.split(separator: ".").map(String.init)
        // Another payload under the cached token's header and signature.
        let otherPayload = try #require(signer.sign(claims(expiring: Self.start + 90_000)).split(separator: ".").dropFirst().first)
        // The signature's first character carries six bits of it (its last, two unused ones).
        let signature = parts[2]
        let flipped = (signature.first == "A" ? "B" : "A") + signature.dropFirst()
        let tampered = [
            "\(parts[0]).\(otherPayload).\(parts[2])",
            "\(parts[0]).\(parts[1]).\(flipped)",
            token.uppercased(), "\(parts[0]).\(parts[1]).",
        ]
        for text in tampered {
            #expect(signer.verify(text, now: at(Self.start)) == nil, "\(text)")
        }
        // A token another gateway's key signed is no token here, even with the same claims.
        let stranger = AccessTokenSigner(key: SymmetricKey(size: .bits256)).sign(claims(expiring: Self.start + 900))
        #expect(signer.verify(stranger, now: at(Self.start)) == nil)
        #expect(signer.cache.count == 1)
    }

    @Test func theBoundHoldsAndTheOldestMakesRoom() {
        let signer = AccessTokenSigner(key: SymmetricKey(size: .bits256), cacheCapacity: 3)
        let tokens = (0..<5).map { signer.sign(claims(expiring: Self.start + 900, id: "jti-\($0)")) }
        for token in tokens { #expect(signer.verify(token, now: at(Self.start)) != nil) }
        #expect(signer.cache.count == 3)
        #expect(signer.cache.verified(tokens[0]) == nil && signer.cache.verified(tokens[1]) == nil)
        #expect(tokens[2...].allSatisfy { signer.cache.verified($0) != nil })
        // An evicted token is verified in full again, and comes back in place of the oldest.
        #expect(signer.verify(tokens[0], now: at(Self.start)) != nil)
        #expect(signer.cache.count == 3)
        #expect(signer.cache.verified(tokens[0]) != nil && signer.cache.verified(tokens[2]) == nil)
    }

    @Test func eachGatewayHasItsOwnCache() async throws {
        let first = try await GatewayHarness.make()
        let second = try await GatewayHarness.make()
        #expect(first.services.signer.cache !== second.services.signer.cache)
    }

    @Test func theBearerHeaderIsReadAsBefore() {
        #expect(BearerToken.read("Bearer abc") == "abc")
        #expect(BearerToken.read("bEARER \t abc \t") == "abc")
        #expect(BearerToken.read("Bearer    ") == "")
        #expect(BearerToken.read("Bearer ") == nil)
        #expect(BearerToken.read("Basic abc") == nil)
        #expect(BearerToken.read("Bearerabc") == nil)
        // Beyond ASCII: Unicode's space separators are trimmed, as Foundation's `.whitespaces` does.
        #expect(BearerToken.read("Bearer \u{00A0}abc\u{2003}") == "abc")
        #expect(BearerToken.read("Bearér abc") == nil)
    }
}

/// Through the routes: a cached token opens the API until `exp` and not a second after, and
/// revoking its client changes what it did without the cache (new tokens and refreshes stop;
/// the access token lasts until `exp`, as `MerchantAdmin.revokeClient` says).
@Suite("Access tokens through the cache")
struct CachedAccessTokenRouteTests {
    @Test func aCachedTokenOpensTheAPIUntilItsExpOnly() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            // The first request verified the token in full, the next ones find it in the cache.
            #expect(try await session.send(.get, APIPath.permissions).status == 200)
            harness.clock.advance(by: harness.configuration.accessTokenLifetime - 1)
            #expect(try await session.send(.get, APIPath.permissions).status == 200)
            harness.clock.advance(by: 1)
            let expired = try await session.send(.get, APIPath.permissions)
            #expect(expired.status == 401)
            #expect(expired.error?.code == "unauthorized")
        }
    }

    @Test func aRevokedClientsCachedTokenLastsUntilExpAndNoNewOneComes() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.get, APIPath.permissions).status == 200)
            _ = try await harness.services.admin.revokeClient(id: harness.clientId, merchantId: harness.merchantId)
            #expect(try await session.send(.get, APIPath.permissions).status == 200)
            let body = #"{"grant_type":"client_credentials","client_id":"\#(harness.clientId)","client_secret":"\#(harness.clientSecret)"}"#
            let again = try await session.send(.post, APIPath.token, json: body)
            #expect(again.status == 401)
            harness.clock.advance(by: harness.configuration.accessTokenLifetime)
            #expect(try await session.send(.get, APIPath.permissions).status == 401)
        }
    }
}
