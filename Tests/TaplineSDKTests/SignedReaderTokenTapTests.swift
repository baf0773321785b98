import CardData
import Foundation
import Gateway
import GatewayAPI
import InteropSupport
@testable import TaplineSDK
import Testing
import TestSupport

/// Tap to Pay end to end with `--reader-tokens signed`: the provider's token is opaque to the
/// simulated reader, which seals to the key the gateway's answer names, and the PIN token of
/// single tap and PIN is signed with the provider's key too.
@Suite("Tap to Pay with reader tokens signed by the provider")
struct SignedReaderTokenTapTests {
    /// A live gateway signing reader tokens with `folder`'s key, its merchant's Apple identifier set.
    static func gateway(_ folder: ProviderSigningFolder) async throws -> LiveGateway {
        let configuration = try ConfigurationOverrides().resolve(environment: folder.environment())
        let gateway = try await LiveGateway.make(configuration: configuration)
        _ = try await gateway.services.admin.updatePaymentSettings(
            merchantId: gateway.merchantId, UpdatePaymentSettingsRequest(appleMerchantIdentifier: .some("merchant.com.example.sdk")))
        return gateway
    }

    @Test func aTapIsPaidWithTheProvidersToken() async throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        try await TapFixture.run(gateway: try await Self.gateway(folder)) { fixture in
            let token = try #require(fixture.client.ttp.state.withLock { $0.readerToken })
            #expect(throws: ReaderTokenError.notAReaderToken) { try ReaderTokenClaims.decodeUnverified(token.token) }
            let result = try await fixture.client.ttp.performTransaction(amount: MajorUnits(string: "12.34")!)
            #expect(result.status == .approved)
            let stored = try #require(try await fixture.gateway.store.read {
                try await $0.transaction(id: result.transactionId!, merchantId: fixture.gateway.merchantId)
            })
            #expect(stored.status == .captured)
            #expect(stored.cardPresent?.deviceId == token.deviceId)
        }
    }

    @Test(.enabled(if: PythonPeer.isAvailable("joserfc")))
    func theIssuersPINRequestIsAnsweredUnderASignedPINToken() async throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        let customer = SimulatedCustomer(card: TestCards.pinRequired.pan, pinEntries: ["1234"])
        try await TapFixture.run(customer: customer, gateway: try await Self.gateway(folder)) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: 40.00)
            #expect(result.status == .approved)
            #expect(result.cvmAction == "onlinePIN")
            let stored = try #require(try await fixture.gateway.store.read {
                try await $0.transaction(id: result.transactionId!, merchantId: fixture.gateway.merchantId)
            })
            #expect(stored.status == .captured)
            let challenge = try #require(stored.pinChallenge, "the payment was asked for a PIN")

            let output = try PythonPeer.runScript("scripts/interop/jwt_peer.py", arguments: ["verify", folder.keyPath, challenge.token])
            let verified = try JSONDecoder().decode([String: [String: JSONValue]].self, from: output)
            #expect(verified["header"]?["alg"] == .string("ES256"))
            #expect(verified["header"]?["kid"] == .string("provider-key-1"))
            let claims = try #require(verified["claims"])
            #expect(claims["pid"] == .string(stored.id))
            #expect(claims["mid"] == .string(fixture.gateway.merchantId))
            #expect(claims["sub"] == stored.cardPresent.map { JSONValue.string($0.deviceId) })
            #expect(claims["rid"] == stored.cardPresent?.cardReaderTransactionId.map { JSONValue.string($0) })
            #expect(claims["rid"] != nil)
            #expect(claims["iss"] == .string("psp.example"))
            guard case .number(let issuedAt)? = claims["iat"], case .number(let expiresAt)? = claims["exp"] else {
                Issue.record("no iat or exp: \(claims)")
                return
            }
            #expect(expiresAt - issuedAt == Decimal(fixture.gateway.configuration.pinWindow), "good for the PIN window only")
            // The claim is whole seconds; the challenge keeps the fraction.
            let expiry = Date(timeIntervalSince1970: NSDecimalNumber(decimal: expiresAt).doubleValue)
            #expect(abs(expiry.timeIntervalSince(challenge.expiresAt)) < 1)
        }
    }
}
