import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import InteropSupport
import Testing
import TestSupport

/// `--reader-tokens signed`: the payment service provider's ES256 tokens, checked by joserfc
/// against the provider's public key, and refused with nothing written to a merchant the
/// template needs a setting of.
@Suite("Reader tokens signed with the provider's key")
struct SignedReaderTokenTests {
    static let appleId = "merchant.com.example.corner"

    /// A gateway signing reader tokens with `folder`'s key and template.
    static func harness(_ folder: ProviderSigningFolder) async throws -> GatewayHarness {
        let configuration = try ConfigurationOverrides().resolve(environment: folder.environment())
        return try await GatewayHarness.make(configuration: configuration)
    }

    /// The token's header and claims, as joserfc verified them against the provider's public key.
    static func verified(_ token: String, key: String) throws -> (header: [String: JSONValue], claims: [String: JSONValue]) {
        struct Verified: Decodable {
            var header: [String: JSONValue]
            var claims: [String: JSONValue]
        }
        let output = try PythonPeer.runScript("scripts/interop/jwt_peer.py", arguments: ["verify", key, token])
        let verified = try JSONDecoder().decode(Verified.self, from: output)
        return (verified.header, verified.claims)
    }

    @Test(.enabled(if: PythonPeer.isAvailable("joserfc")))
    func anIndependentLibraryVerifiesTheTokenWithTheTemplateFilledIn() async throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        let harness = try await Self.harness(folder)
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let patched = try await session.send(.patch, APIPath.paymentSettings, json: #"{"appleMerchantIdentifier":"\#(Self.appleId)"}"#)
            #expect(patched.status == 200, "\(patched.text)")
            #expect(try patched.decode(PaymentSettingsResponse.self).appleMerchantIdentifier == Self.appleId)

            let reply = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(reply.status == 200, "\(reply.text)")
            let issued = try reply.decode(ReaderTokenResponse.self)
            let now = Int64(harness.clock.now().timeIntervalSince1970)
            let (header, claims) = try Self.verified(issued.token, key: folder.keyPath)
            #expect(header == ["alg": .string("ES256"), "kid": .string("provider-key-1"), "typ": .string("JWT")])
            #expect(claims["iss"] == .string("psp.example"))
            #expect(claims["sub"] == .string(TestSession.phone))
            #expect(claims["merchantIdentifier"] == .string(Self.appleId))
            #expect(claims["iat"] == .number(Decimal(now)), "a JSON number")
            #expect(claims["exp"] == .number(Decimal(now + 12 * 3600)))
            #expect(claims["tapline"] == .object([
                "merchant": .string(harness.merchantId), "label": .string("\(TestSession.phone) since \(now)"),
            ]))
            #expect(claims["aud"] == .array([.string("apple-tap-to-pay"), .number(7), .bool(true)]))
            #expect(claims.count == 8, "only the template's claims")
            #expect(issued.expiresAt == Date(timeIntervalSince1970: TimeInterval(now + 12 * 3600)))

            // The reader still learns the gateway's card-data key and whom it seals for.
            let current = harness.dependencies.keys.cardDataKeys.current
            #expect(issued.keyId == current.keyId)
            #expect(issued.publicKey == ECPublicJWK(current.sealingKey))
            #expect(issued.merchantId == harness.merchantId)
            #expect(issued.deviceId == TestSession.phone)

            let second = try await session.send(.post, APIPath.readerToken(TestSession.phone)).decode(ReaderTokenResponse.self)
            let secondClaims = try Self.verified(second.token, key: folder.keyPath).claims
            guard case .string(let nonce)? = claims["jti"], case .string(let otherNonce)? = secondClaims["jti"] else {
                Issue.record("no nonce: \(claims)")
                return
            }
            #expect(nonce.count == 32 && otherNonce.count == 32)
            #expect(nonce != otherNonce, "a nonce per token")
            // Another key does not verify it.
            let stranger = try ProviderSigningFolder.make(key: ProviderSigningFolder.pkcs8Key)
            defer { stranger.remove() }
            #expect(throws: PythonPeer.Failure.self) { try Self.verified(issued.token, key: stranger.keyPath) }
        }
    }

    @Test func aMerchantWithoutItsAppleIdentifierGetsNoTokenAndNothingIsWritten() async throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        let harness = try await Self.harness(folder)
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let before = try await harness.store.read { try await $0.device(merchantId: harness.merchantId, deviceId: TestSession.phone) }
            harness.clock.advance(by: 60)
            let refused = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(refused.status == 409, "\(refused.text)")
            #expect(refused.error?.code == "merchant_setting_missing")
            #expect(refused.error?.field == "appleMerchantIdentifier")
            #expect(refused.error?.message.contains("set appleMerchantIdentifier in its payment settings") == true)
            let after = try await harness.store.read { try await $0.device(merchantId: harness.merchantId, deviceId: TestSession.phone) }
            #expect(after == before, "no login was recorded")

            // Set, then cleared with null: refused again.
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"appleMerchantIdentifier":"\#(Self.appleId)"}"#).status == 200)
            #expect(try await session.send(.post, APIPath.readerToken(TestSession.phone)).status == 200)
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"appleMerchantIdentifier":null}"#).status == 200)
            #expect(try await session.send(.post, APIPath.readerToken(TestSession.phone)).error?.code == "merchant_setting_missing")
        }
    }

    @Test func aTemplateWithoutTheAppleIdentifierNeedsNoSetting() async throws {
        let folder = try ProviderSigningFolder.make(claims: #"{"sub":"{{deviceId}}","exp":"{{expiresAt}}"}"#)
        defer { folder.remove() }
        let harness = try await Self.harness(folder)
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let reply = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(reply.status == 200, "\(reply.text)")
        }
    }

    @Test func theAppleIdentifierSettingIsChecked() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            for bad in [#""""#, #""caf\u00e9""#, "\"\(String(repeating: "m", count: 256))\"", "12"] {
                let reply = try await session.send(.patch, APIPath.paymentSettings, json: #"{"appleMerchantIdentifier":\#(bad)}"#)
                #expect(reply.status == 400, "\(bad): \(reply.text)")
                #expect(reply.error?.field == "appleMerchantIdentifier" || reply.error?.code == "invalid_json", "\(reply.text)")
            }
            let settings = try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self)
            #expect(settings.appleMerchantIdentifier == nil)
        }
    }
}
