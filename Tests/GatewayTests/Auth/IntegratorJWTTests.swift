import Foundation
import Gateway
import GatewayAPI
import Testing
import TestSupport

/// JWTs an API client's backend signs with keys it registered from a PEM file, minted by
/// joserfc: on the Halo routes they stand for the client and name the merchant user; every
/// way a token can be wrong is a 401 saying why, and nothing is written.
@Suite("Integrator JWTs: PEM keys")
struct IntegratorJWTTests {
    /// A harness whose client registered `keys` (one PEM file); the registration's kids.
    static func registered(
        _ keys: [IntegratorBackend.KeyPair], acceptedOnV1: Bool = false
    ) async throws -> (GatewayHarness, [String]) {
        let harness = try await GatewayHarness.make()
        var registration = MerchantAdmin.IntegratorJWTRegistration(issuer: IntegratorBackend.issuer, audience: IntegratorBackend.audience)
        registration.publicKeyPEM = keys.map(\.publicPEM).joined()
        registration.acceptedOnV1 = acceptedOnV1
        let registered = try await harness.services.admin.registerIntegratorJWT(clientId: harness.clientId, registration)
        return (harness, registered.keyIds)
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable), arguments: ["ec", "rsa"])
    func aRightTokenTakesAHaloTapForTheClientAndNamesTheMerchantUser(_ kind: String) async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair(kind)
        let (harness, keyIds) = try await Self.registered([key])
        // Tapline's kid for a PEM key is the RFC 7638 thumbprint, as joserfc computes it.
        #expect(keyIds == [key.kid])
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let token = try backend.token(key, claims: IntegratorBackend.claims(at: harness.clock.now()))
            let reply = try await session.apple(token: token)
            #expect(reply.status == 200, "\(reply.text)")
            let answer = try #require(reply.halo)
            #expect(answer.type == "Approved")
            let payment = try await session.send(.get, APIPath.transaction(answer.haloReference)).decode(TransactionResource.self)
            #expect(payment.status == .captured)
            #expect(payment.createdById == IntegratorBackend.user)
            #expect(harness.logs.all.contains { $0.contains("integrator JWT accepted") && $0.contains("merchant_user=\(IntegratorBackend.user)") })
        }
    }

    /// One wrong token per case: what the backend (or an attacker) sends, and the reason
    /// the 401 gives. The right token goes through first, so each case fails where
    /// integrator tokens are not accepted at all.
    enum Wrong: String, CaseIterable, Sendable {
        case expired, notYetValid, issuedInTheFuture, noExpiry, wrongAudience, wrongIssuer, wrongKey, unknownKid
        case hs256WithThePublicKey, algNone, rs256NamingAnECKey, noMerchantUser
    }

    static func token(_ wrong: Wrong, backend: IntegratorBackend, key: IntegratorBackend.KeyPair, now: Date) throws -> (String, String) {
        let claims = { (changes: [String: Any?]) in IntegratorBackend.claims(at: now, changes) }
        let seconds = Int(now.timeIntervalSince1970)
        switch wrong {
        // Past the 60 s leeway either way.
        case .expired: return (try backend.token(key, claims: claims(["exp": seconds - 61, "iat": seconds - 400, "nbf": seconds - 400])), "expired")
        case .notYetValid: return (try backend.token(key, claims: claims(["nbf": seconds + 120])), "not valid yet")
        case .issuedInTheFuture: return (try backend.token(key, claims: claims(["iat": seconds + 120])), "issued in the future")
        case .noExpiry: return (try backend.token(key, claims: claims(["exp": nil])), "exp is required")
        case .wrongAudience: return (try backend.token(key, claims: claims(["aud": "someone-else"])), "aud does not name")
        // An issuer no client registered is no integrator token: the plain invalid-token answer.
        case .wrongIssuer: return (try backend.token(key, claims: claims(["iss": "https://evil.example"])), "access token is invalid")
        case .wrongKey: return (try backend.token(try backend.keyPair("ec"), claims: claims([:]), kid: key.kid), "signature does not verify")
        case .unknownKid: return (try backend.token(key, claims: claims([:]), kid: "not-a-registered-kid"), "is not among the client's registered keys")
        case .hs256WithThePublicKey: return (try backend.hs256(withPublicKeyOf: key, claims: claims([:])), "alg HS256 is not accepted")
        case .algNone: return (try backend.unsigned(naming: key, claims: claims([:])), "alg none is not accepted")
        case .rs256NamingAnECKey:
            let rsa = try backend.keyPair("rsa")
            return (try backend.token(rsa, claims: claims([:]), kid: key.kid), "alg RS256 does not match key")
        case .noMerchantUser: return (try backend.token(key, claims: claims(["sub": nil])), "must name the merchant user")
        }
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable), arguments: Wrong.allCases)
    func aWrongTokenIs401WithItsReasonAndWritesNothing(_ wrong: Wrong) async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair("ec")
        let (harness, _) = try await Self.registered([key])
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let now = harness.clock.now()
            let right = try await session.apple(token: try backend.token(key, claims: IntegratorBackend.claims(at: now)), reference: "INV-RIGHT")
            #expect(right.status == 200, "\(right.text)")
            let (token, reason) = try Self.token(wrong, backend: backend, key: key, now: now)
            let reply = try await session.apple(token: token, reference: "INV-WRONG")
            #expect(reply.status == 401, "\(reply.text)")
            #expect(reply.error?.code == "unauthorized")
            #expect(reply.error?.message.contains(reason) == true, "\(reply.text)")
            let written = try await session.send(.get, "/v1/transactions?referenceId=INV-WRONG").decode(TransactionList.self)
            #expect(written.total == 0)
        }
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func v1TakesTheTokensOnlyWhenTheClientAllowsIt() async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair("ec")
        for allowed in [false, true] {
            let (harness, _) = try await Self.registered([key], acceptedOnV1: allowed)
            try await harness.test { (session: TestSession) async throws in
                let token = try backend.token(key, claims: IntegratorBackend.claims(at: harness.clock.now()))
                let reply = try await session.send(.get, APIPath.permissions, token: token)
                #expect(reply.status == (allowed ? 200 : 401), "\(reply.text)")
                if !allowed { #expect(reply.error?.message.contains("Halo routes only") == true) }
            }
        }
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func aRevokedClientsTokensAreRefusedAtOnce() async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair("ec")
        let (harness, _) = try await Self.registered([key])
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let token = try backend.token(key, claims: IntegratorBackend.claims(at: harness.clock.now()))
            #expect(try await session.apple(token: token, reference: "INV-1").status == 200)
            _ = try await harness.services.admin.revokeClient(id: harness.clientId, merchantId: harness.merchantId)
            let reply = try await session.apple(token: token, reference: "INV-2")
            #expect(reply.status == 401)
            #expect(reply.error?.message.contains("revoked") == true, "\(reply.text)")
        }
    }
}
