import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing

@Suite("Reader tokens: issued to active devices, carrying the card-data key")
struct ReaderTokenTests {
    @Test func anInactiveDeviceGetsNoReaderToken() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.register()
            let inactive = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(inactive.status == 403)
            #expect(inactive.error?.code == "tap_to_pay_inactive")

            try await session.send(.post, APIPath.activateTapToPay(TestSession.phone))
            try await session.send(.post, APIPath.deactivateTapToPay(TestSession.phone))
            #expect(try await session.send(.post, APIPath.readerToken(TestSession.phone)).error?.code == "tap_to_pay_inactive")
            #expect(try await session.send(.post, APIPath.readerToken("unknown")).status == 404)
        }
    }

    @Test func theTokenNamesMerchantDeviceExpiryAndTheCurrentCardKey() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            harness.clock.advance(by: 30)
            let reply = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.headers[.cacheControl] == "no-store")
            let issued = try reply.decode(ReaderTokenResponse.self)
            let now = harness.clock.now()
            let current = harness.dependencies.keys.cardDataKeys.current
            let lifetime = harness.configuration.readerTokenLifetime
            #expect(lifetime == 12 * 3600)

            let claims = try ReaderTokenClaims.decodeUnverified(issued.token)
            #expect(claims.iss == "tapline")
            #expect(claims.merchantId == harness.merchantId)
            #expect(claims.deviceId == TestSession.phone)
            #expect(claims.iat == Int64(now.timeIntervalSince1970))
            #expect(claims.exp == Int64(now.timeIntervalSince1970 + lifetime))
            #expect(claims.kid == current.keyId)
            #expect(claims.kid.hasPrefix("tck_"))
            #expect(claims.gatewayKey == ECPublicJWK(current.sealingKey))
            #expect(try claims.sealingKey().publicKey.rawRepresentation == current.privateKey.publicKey.rawRepresentation)
            #expect(!claims.jti.isEmpty)

            #expect(issued.expiresAt == now.addingTimeInterval(lifetime))
            #expect(issued.keyId == current.keyId)
            #expect(issued.publicKey == ECPublicJWK(current.sealingKey))
            #expect(harness.services.readerTokens.verify(issued.token, now: now) == claims)
            #expect(harness.services.readerTokens.verify(issued.token, now: now.addingTimeInterval(lifetime)) == nil)

            // Fetching a token is a login of the device by this client.
            let device = try await session.send(.get, APIPath.device(TestSession.phone)).decode(DeviceInfo.self)
            #expect(device.lastLoginAt == now)
        }
    }

    @Test func aReaderTokenIsNotAnAccessTokenAndViceVersa() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let readerToken = try await session.send(.post, APIPath.readerToken(TestSession.phone)).decode(ReaderTokenResponse.self).token
            let asBearer = try await session.send(.get, APIPath.devices, token: readerToken)
            #expect(asBearer.status == 401)
            #expect(asBearer.error?.code == "unauthorized")
            #expect(harness.services.signer.verify(readerToken, now: harness.clock.now()) == nil)

            #expect(harness.services.signer.verify(session.token, now: harness.clock.now()) != nil)
            #expect(harness.services.readerTokens.verify(session.token, now: harness.clock.now()) == nil)
            #expect(throws: ReaderTokenError.notAReaderToken) { try ReaderTokenClaims.decodeUnverified(session.token) }
        }
    }

    @Test func theTypeAloneKeepsTheKindsApart() async throws {
        // Claims that would pass, under the other kind's `typ`: only the header check refuses them.
        let harness = try await GatewayHarness.make()
        let key = harness.dependencies.keys.tokenSigningKey
        let now = harness.clock.now()
        let issuedAt = Int64(now.timeIntervalSince1970)
        let access = AccessTokenClaims(
            iss: "tapline", sub: harness.clientId, mid: harness.merchantId, perms: [], iat: issuedAt, exp: issuedAt + 60, jti: "j")
        let reader = ReaderTokenClaims(
            sub: "phone", mid: harness.merchantId, iat: issuedAt, exp: issuedAt + 60, jti: "j",
            gatewayKey: ECPublicJWK(harness.dependencies.keys.cardDataKeys.current.sealingKey))
        #expect(harness.services.signer.verify(HS256JWT.sign(access, type: "JWT", key: key), now: now) == access)
        #expect(harness.services.signer.verify(HS256JWT.sign(access, type: ReaderTokenClaims.tokenType, key: key), now: now) == nil)
        #expect(harness.services.readerTokens.verify(HS256JWT.sign(reader, type: ReaderTokenClaims.tokenType, key: key), now: now) == reader)
        #expect(harness.services.readerTokens.verify(HS256JWT.sign(reader, type: "JWT", key: key), now: now) == nil)
    }

    @Test func aForgedOrMangledReaderTokenIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let token = try await session.send(.post, APIPath.readerToken(TestSession.phone)).decode(ReaderTokenResponse.self).token
            let now = harness.clock.now()
            let parts = token.split(separator: ".").map(String.init)
            let forged = [parts[0], parts[1], String(parts[2].reversed())].joined(separator: ".")
            #expect(harness.services.readerTokens.verify(forged, now: now) == nil)
            let otherKey = ReaderTokenSigner(key: GatewayKeys.generate().tokenSigningKey)
            #expect(otherKey.verify(token, now: now) == nil)
            #expect(throws: ReaderTokenError.malformed) { try ReaderTokenClaims.decodeUnverified("not.a-token") }
        }
    }

    @Test func theLifetimeComesFromConfiguration() throws {
        let configured = try ConfigurationOverrides(readerTokenLifetime: 600).resolve(environment: ["TAPLINE_READER_TOKEN_LIFETIME": "900"])
        #expect(configured.readerTokenLifetime == 600)
        let fromEnvironment = try ConfigurationOverrides().resolve(environment: ["TAPLINE_READER_TOKEN_LIFETIME": "900"])
        #expect(fromEnvironment.readerTokenLifetime == 900)
        #expect(try ConfigurationOverrides().resolve(environment: [:]).readerTokenLifetime == 43_200)
        for bad in ["0", "59", "604801", "soon"] {
            #expect(throws: ConfigurationError.self) {
                try ConfigurationOverrides().resolve(environment: ["TAPLINE_READER_TOKEN_LIFETIME": bad])
            }
        }
    }
}
