import Foundation
import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Keys an API client publishes at a JWKS URL, served by a real local host process: fetched
/// and kept, fetched again for a rotated-in key (at most once per 30 s), refused once gone,
/// and a host that is down or hangs is a 401 within the fetch timeout, never a 5xx.
@Suite("Integrator JWTs: JWKS keys")
struct IntegratorJWKSTests {
    static func registered(jwksURL: String, fetchTimeout: Duration = .seconds(5)) async throws -> GatewayHarness {
        var configuration = GatewayConfiguration()
        configuration.integratorJWKS.fetchTimeout = fetchTimeout
        let harness = try await GatewayHarness.make(configuration: configuration)
        var registration = MerchantAdmin.IntegratorJWTRegistration(issuer: IntegratorBackend.issuer, audience: IntegratorBackend.audience)
        registration.jwksURL = jwksURL
        _ = try await harness.services.admin.registerIntegratorJWT(clientId: harness.clientId, registration)
        return harness
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func aKeyRotatedInTheJWKSIsTakenAndTheRemovedOneRefused() async throws {
        let backend = try IntegratorBackend()
        let old = try backend.keyPair("ec")
        let new = try backend.keyPair("rsa")
        let host = try JWKSHostProcess(serving: try backend.jwks([old]))
        defer { Task { [host] in await host.stop() } }
        let harness = try await Self.registered(jwksURL: host.url)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let first = try await session.apple(token: try backend.token(old, claims: IntegratorBackend.claims(at: harness.clock.now())), reference: "INV-1")
            #expect(first.status == 200, "\(first.text)")

            // The backend rotates: the new key in, the old one out.
            try host.serve(try backend.jwks([new]))
            harness.clock.advance(by: 31)
            let now = harness.clock.now()
            let rotated = try await session.apple(token: try backend.token(new, claims: IntegratorBackend.claims(at: now)), reference: "INV-2")
            #expect(rotated.status == 200, "\(rotated.text)")
            let removed = try await session.apple(token: try backend.token(old, claims: IntegratorBackend.claims(at: now)), reference: "INV-3")
            #expect(removed.status == 401, "\(removed.text)")
            #expect(removed.error?.message.contains("is not among the client's registered keys") == true, "\(removed.text)")
        }
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func anUnknownKidFetchesAtMostOnceIn30Seconds() async throws {
        let backend = try IntegratorBackend()
        let old = try backend.keyPair("ec")
        let new = try backend.keyPair("ec")
        let host = try JWKSHostProcess(serving: try backend.jwks([old]))
        defer { Task { [host] in await host.stop() } }
        let harness = try await Self.registered(jwksURL: host.url)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let claims = { IntegratorBackend.claims(at: harness.clock.now()) }
            #expect(try await session.apple(token: try backend.token(old, claims: claims()), reference: "INV-1").status == 200)
            try host.serve(try backend.jwks([old, new]))
            // Within 30 s of the last fetch, the new kid is not fetched for: refused.
            harness.clock.advance(by: 10)
            let early = try await session.apple(token: try backend.token(new, claims: claims()), reference: "INV-2")
            #expect(early.status == 401, "\(early.text)")
            harness.clock.advance(by: 21)
            let later = try await session.apple(token: try backend.token(new, claims: claims()), reference: "INV-3")
            #expect(later.status == 200, "\(later.text)")
        }
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func aHostThatIsDownIs401AndKeysFetchedBeforeStayInUse() async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair("ec")
        let down = try JWKSHostProcess(serving: try backend.jwks([key]))
        let downURL = down.url
        await down.stop()
        let harness = try await Self.registered(jwksURL: downURL)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(token: try backend.token(key, claims: IntegratorBackend.claims(at: harness.clock.now())))
            #expect(reply.status == 401, "\(reply.text)")
            #expect(reply.error?.message.contains("could not be fetched") == true, "\(reply.text)")
        }

        // Keys fetched while the host was up are used after it goes down, past their age.
        let host = try JWKSHostProcess(serving: try backend.jwks([key]))
        let kept = try await Self.registered(jwksURL: host.url)
        try await kept.test { (session: TestSession) async throws in
            try await session.activateDevice()
            #expect(try await session.apple(token: try backend.token(key, claims: IntegratorBackend.claims(at: kept.clock.now())), reference: "INV-1").status == 200)
            await host.stop()
            kept.clock.advance(by: 601)
            let later = try await session.apple(token: try backend.token(key, claims: IntegratorBackend.claims(at: kept.clock.now())), reference: "INV-2")
            #expect(later.status == 200, "\(later.text)")
        }
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func aHostThatNeverAnswersIs401AfterTheFetchTimeout() async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair("ec")
        let host = try JWKSHostProcess(serving: try backend.jwks([key]))
        defer { Task { [host] in await host.stop() } }
        host.pause()
        let harness = try await Self.registered(jwksURL: host.url, fetchTimeout: .seconds(1))
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let token = try backend.token(key, claims: IntegratorBackend.claims(at: harness.clock.now()))
            // A watchdog far above the 1 s timeout, so a hang fails the test instead of stopping it.
            let reply = try await withinDeadline(.seconds(60)) { try await session.apple(token: token) }
            let answered = try #require(reply, "the request hung")
            #expect(answered.status == 401, "\(answered.text)")
            #expect(answered.error?.message.contains("could not be fetched") == true, "\(answered.text)")
        }
    }
}
