import Foundation
import Storage
import Testing
import TestSupport

/// An API client's integrator JWT keys, on every store: kept whole, found by issuer, and an
/// issuer registered by one client at most (a token's `iss` must name exactly one client).
@Suite("Store contract: integrator JWT keys")
struct StoreIntegratorJWTContractTests {
    static let pemSettings = IntegratorJWTSettings(
        issuer: "https://backend.example", audience: "tapline-halo", userClaim: "merchant_user", acceptedOnV1: true,
        publicKeysPEM: ["-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"])

    @Test(arguments: StoreFactories.all)
    func settingsRoundTripAndAreFoundByIssuer(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var client = Fixtures.apiClient(id: "c_1")
            client.integratorJWT = Self.pemSettings
            var jwks = Fixtures.apiClient(id: "c_2", merchantId: "m_2")
            jwks.integratorJWT = IntegratorJWTSettings(issuer: "other-backend", audience: "aud", jwksURL: "https://keys.example/jwks.json")
            let plain = Fixtures.apiClient(id: "c_3")
            try await store.write { [client, jwks] in
                try await $0.insert(client)
                try await $0.insert(jwks)
                try await $0.insert(plain)
            }
            #expect(try await store.read { try await $0.apiClient(id: "c_1") } == client)
            #expect(try await store.read { try await $0.apiClient(id: "c_3") }?.integratorJWT == nil)
            #expect(try await store.read { try await $0.apiClient(jwtIssuer: "https://backend.example") } == client)
            #expect(try await store.read { try await $0.apiClient(jwtIssuer: "other-backend") } == jwks)
            #expect(try await store.read { try await $0.apiClient(jwtIssuer: "nobody") } == nil)

            // Removed: the issuer no longer finds the client.
            var removed = client
            removed.integratorJWT = nil
            try await store.write { [removed] in try await $0.update(removed) }
            #expect(try await store.read { try await $0.apiClient(jwtIssuer: "https://backend.example") } == nil)
            #expect(try await store.read { try await $0.apiClient(id: "c_1") } == removed)
        }
    }

    @Test(arguments: StoreFactories.all)
    func anIssuerNamesOneClient(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var first = Fixtures.apiClient(id: "c_1")
            first.integratorJWT = Self.pemSettings
            let second = Fixtures.apiClient(id: "c_2", merchantId: "m_2")
            try await store.write { [first] in
                try await $0.insert(first)
                try await $0.insert(second)
            }
            var clash = second
            clash.integratorJWT = IntegratorJWTSettings(issuer: "https://backend.example", audience: "x", jwksURL: "https://k.example/j")
            await expectStoreError(.duplicate) { try await store.write { [clash] in try await $0.update(clash) } }
            var newClash = Fixtures.apiClient(id: "c_3")
            newClash.integratorJWT = clash.integratorJWT
            await expectStoreError(.duplicate) { try await store.write { [newClash] in try await $0.insert(newClash) } }
            // Nothing changed; the same client may register its own issuer again.
            #expect(try await store.read { try await $0.apiClient(id: "c_2") }?.integratorJWT == nil)
            #expect(try await store.read { try await $0.apiClient(id: "c_3") } == nil)
            var again = first
            again.integratorJWT?.audience = "renamed"
            try await store.write { [again] in try await $0.update(again) }
            #expect(try await store.read { try await $0.apiClient(jwtIssuer: "https://backend.example") } == again)
        }
    }
}
