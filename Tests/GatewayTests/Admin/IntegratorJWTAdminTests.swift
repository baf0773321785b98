import Foundation
import Gateway
import Logging
import StorageSQLite
import Testing

/// Registering an integrator's JWT keys: what cannot work is refused with the option to fix,
/// an issuer names one client, and `tapline client jwt` does it from the command line.
@Suite("Admin: integrator JWT keys")
struct IntegratorJWTAdminTests {
    static func registration(pem: String? = nil, jwks: String? = nil, issuer: String = "https://backend.example")
        -> MerchantAdmin.IntegratorJWTRegistration {
        var registration = MerchantAdmin.IntegratorJWTRegistration(issuer: issuer, audience: "tapline-halo")
        registration.publicKeyPEM = pem
        registration.jwksURL = jwks
        return registration
    }

    static func refusal(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as AdminError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        ("http://keys.example/jwks.json", "jwks-url"), ("ftp://keys.example/jwks.json", "jwks-url"),
        ("https://user:pw@keys.example/jwks.json", "jwks-url"), ("not a url", "jwks-url"),
    ])
    func aJWKSURLMustBeHTTPSOrLoopback(_ url: String, _ field: String) async throws {
        let harness = try await GatewayHarness.make()
        let admin = harness.services.admin
        let refused = await Self.refusal { _ = try await admin.registerIntegratorJWT(clientId: harness.clientId, Self.registration(jwks: url)) }
        #expect(refused?.hasPrefix("\(field):") == true, "\(refused ?? "accepted")")
        for good in ["https://keys.example/jwks.json", "http://127.0.0.1:8081/jwks.json", "http://localhost/jwks.json"] {
            let registered = try await admin.registerIntegratorJWT(clientId: harness.clientId, Self.registration(jwks: good))
            #expect(registered.client.integratorJWT?.jwksURL == good)
        }
    }

    @Test func whatCannotWorkIsRefusedByOption() async throws {
        let harness = try await GatewayHarness.make()
        let admin = harness.services.admin
        let id = harness.clientId
        let cases: [(MerchantAdmin.IntegratorJWTRegistration, String)] = [
            (Self.registration(), "public-key-file: give exactly one"),
            (Self.registration(pem: "x", jwks: "https://k.example/j"), "public-key-file: give exactly one"),
            (Self.registration(pem: "no pem here"), "public-key-file: no PEM block"),
            (Self.registration(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), "public-key-file: the file holds a private key"),
            (Self.registration(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"), "public-key-file: a public key that is neither"),
            (Self.registration(jwks: "https://k.example/j", issuer: "tapline"), "issuer:"),
            (Self.registration(jwks: "https://k.example/j", issuer: " "), "issuer:"),
        ]
        for (registration, message) in cases {
            let refused = await Self.refusal { _ = try await admin.registerIntegratorJWT(clientId: id, registration) }
            #expect(refused?.hasPrefix(message) == true, "\(refused ?? "accepted") for \(message)")
        }
        #expect(try await harness.store.read { try await $0.apiClient(id: id) }?.integratorJWT == nil, "nothing was stored")
    }

    @Test func anIssuerNamesOneClient() async throws {
        let harness = try await GatewayHarness.make()
        let admin = harness.services.admin
        _ = try await admin.registerIntegratorJWT(clientId: harness.clientId, Self.registration(jwks: "https://k.example/j"))
        let other = try await admin.createClient(merchantId: harness.merchantId, name: "other")
        let refused = await Self.refusal { _ = try await admin.registerIntegratorJWT(clientId: other.client.id, Self.registration(jwks: "https://k.example/j")) }
        #expect(refused == "issuer: another API client registers the issuer https://backend.example")
        // Removed from the first, the issuer is free.
        _ = try await admin.removeIntegratorJWT(clientId: harness.clientId)
        _ = try await admin.registerIntegratorJWT(clientId: other.client.id, Self.registration(jwks: "https://k.example/j"))
    }

    @Test(.enabled(if: IntegratorBackend.isAvailable))
    func theCommandRegistersAPEMFileAndPrintsItsKid() async throws {
        let backend = try IntegratorBackend()
        let key = try backend.keyPair("ec")
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SQLiteStore.open(path: folder.appendingPathComponent("tapline.sqlite").path, logger: Logger(label: "test")).close()
        let merchant = try await TaplineRun.run(["merchant", "create", "--name", "Halo Shop"], in: folder)
        let merchantId = try #require(merchant.standardOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let client = try await TaplineRun.run(["client", "create", "--merchant-id", merchantId], in: folder)
        let clientLine = try #require(client.standardOutput.split(separator: "\n").first { $0.hasPrefix("client id:") })
        let clientId = String(clientLine.dropFirst("client id:".count)).trimmingCharacters(in: .whitespaces)

        let registered = try await TaplineRun.run(
            ["client", "jwt", "--client-id", clientId, "--public-key-file", key.publicPath, "--issuer", IntegratorBackend.issuer,
             "--audience", IntegratorBackend.audience], in: folder)
        #expect(registered.status == 0, "\(registered.standardError)")
        #expect(registered.standardOutput.contains("kid:        \(key.kid)"), "\(registered.standardOutput)")
        #expect(registered.standardOutput.contains("routes:     Halo only"))

        let refused = try await TaplineRun.run(
            ["client", "jwt", "--client-id", clientId, "--jwks-url", "http://keys.example/jwks.json", "--issuer", "x", "--audience", "y"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("jwks-url: an https URL"), "\(refused.standardError)")

        let removed = try await TaplineRun.run(["client", "jwt", "--client-id", clientId, "--remove"], in: folder)
        #expect(removed.status == 0, "\(removed.standardError)")
    }
}
