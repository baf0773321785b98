import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import InteropSupport
import PaymentCore
import Testing
import TestSupport

/// `--reader-tokens remote` against the provider's sample token service (a real process, mutual
/// TLS): the token the device gets verifies with joserfc against the provider's key, reader
/// tokens are cached until five minutes before they expire, and a soft decline's PIN token
/// comes from the service too.
@Suite("Reader tokens from the provider's token service")
struct RemoteReaderTokenTests {
    static let appleId = "merchant.com.example.remote"

    static func harness(_ service: TokenServiceProcess, environment: [String: String]? = nil) async throws -> GatewayHarness {
        let configuration = try ConfigurationOverrides().resolve(environment: environment ?? service.environment())
        return try await GatewayHarness.make(configuration: configuration)
    }

    /// The phone's reader token; fails the test unless it is a 200.
    static func readerToken(_ session: TestSession) async throws -> ReaderTokenResponse {
        let reply = try await session.send(.post, APIPath.readerToken(TestSession.phone))
        try #require(reply.status == 200, "\(reply.text)")
        return try reply.decode(ReaderTokenResponse.self)
    }

    @Test(.enabled(if: PythonPeer.isAvailable("joserfc")))
    func theServicesTokenReachesTheDeviceAndVerifiesWithTheProvidersKey() async throws {
        let service = try TokenServiceProcess.start()
        let harness = try await Self.harness(service)
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let patched = try await session.send(.patch, APIPath.paymentSettings, json: #"{"appleMerchantIdentifier":"\#(Self.appleId)"}"#)
            #expect(patched.status == 200, "\(patched.text)")
            let reply = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(reply.status == 200, "\(reply.text)")
            let issued = try reply.decode(ReaderTokenResponse.self)
            let now = Int64(harness.clock.now().timeIntervalSince1970)
            let (header, claims) = try SignedReaderTokenTests.verified(issued.token, key: service.signingKeyPath)
            #expect(header == ["alg": .string("ES256"), "kid": .string("provider-key-1"), "typ": .string("JWT")])
            #expect(claims["iss"] == .string("psp.example"))
            #expect(claims["sub"] == .string(TestSession.phone))
            #expect(claims["merchantIdentifier"] == .string(Self.appleId))
            #expect(claims["iat"] == .number(Decimal(now)))
            #expect(claims["exp"] == .number(Decimal(now + 12 * 3600)), "the gateway's lifetime, asked for in the request")
            #expect(issued.expiresAt == Date(timeIntervalSince1970: TimeInterval(now + 12 * 3600)))
            #expect(issued.merchantId == harness.merchantId && issued.deviceId == TestSession.phone)
            #expect(issued.keyId == harness.dependencies.keys.cardDataKeys.current.keyId, "the reader still learns the card-data key")
            #expect(try service.journal() == [["kind": "reader", "merchantId": harness.merchantId, "deviceId": TestSession.phone]])
        }
        await service.stop()
    }

    @Test func aReaderTokenIsCachedUntilFiveMinutesBeforeItExpires() async throws {
        let service = try TokenServiceProcess.start()
        // Ten-minute tokens, so the session's access token outlives the wait.
        var environment = service.environment()
        environment["TAPLINE_READER_TOKEN_LIFETIME"] = "600"
        let harness = try await Self.harness(service, environment: environment)
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"appleMerchantIdentifier":"\#(Self.appleId)"}"#).status == 200)
            let first = try await Self.readerToken(session)
            harness.clock.advance(by: 600 - 301)
            let second = try await Self.readerToken(session)
            #expect(second.token == first.token, "from the cache")
            #expect(try service.journal().count == 1, "two token requests, one service call")
            let device = try await harness.store.read { try await $0.device(merchantId: harness.merchantId, deviceId: TestSession.phone) }
            #expect(device?.lastLoginAt == harness.clock.now(), "a cached token still counts as a login")

            harness.clock.advance(by: 2)
            let third = try await Self.readerToken(session)
            #expect(third.token != first.token, "within five minutes of its expiry a token is fetched afresh")
            #expect(try service.journal().count == 2)

            // Another device of the merchant has its own token.
            try await session.activeDevice("5c0ffee0-0000-4000-8000-0000000000ff")
            let other = try await session.send(.post, APIPath.readerToken("5c0ffee0-0000-4000-8000-0000000000ff"))
            #expect(other.status == 200)
            #expect(try service.journal().last?["deviceId"] == "5c0ffee0-0000-4000-8000-0000000000ff")
            #expect(try service.journal().count == 3)
        }
        await service.stop()
    }

    @Test(.enabled(if: PythonPeer.isAvailable("joserfc")))
    func aSoftDeclinesPINTokenComesFromTheServiceAndThePINIsTaken() async throws {
        let service = try TokenServiceProcess.start()
        let harness = try await Self.harness(service)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(try session.tap(pan: TestCards.pinRequired.pan))
            let answer = try #require(reply.halo, "\(reply.text)")
            #expect(answer.isSingleTapAndPin)
            let claims = try SignedReaderTokenTests.verified(answer.pinToken, key: service.signingKeyPath).claims
            #expect(claims["pid"] == .string(answer.haloReference))
            #expect(claims["mid"] == .string(harness.merchantId))
            #expect(claims["sub"] == .string(TestSession.deviceId))
            #expect(try service.journal() == [["kind": "pin", "merchantId": harness.merchantId, "deviceId": TestSession.deviceId]])

            let pin = try session.tap(pan: TestCards.pinRequired.pan, pin: "1234", pinToken: answer.pinToken)
            let approved = try await session.submitPIN(answer.haloReference, pin)
            #expect(approved.halo?.type == "Approved", "\(approved.text)")
            #expect(try service.journal().count == 1, "PIN tokens are one per payment, asked for once")
        }
        await service.stop()
    }

    @Test func withTheServiceDownASoftDeclineIsDeclinedNotLeftWaiting() async throws {
        let service = try TokenServiceProcess.pkiOnly()
        let harness = try await Self.harness(service)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(try session.tap(pan: TestCards.pinRequired.pan))
            #expect(reply.status < 500, "\(reply.text)")
            let answer = try #require(reply.halo, "\(reply.text)")
            #expect(!answer.isSingleTapAndPin)
            let stored = try #require(try await harness.store.read {
                try await $0.transaction(id: answer.haloReference, merchantId: harness.merchantId)
            })
            #expect(stored.status == .declined)
            #expect(stored.pinChallenge == nil)
            #expect(stored.capturedAmount == 0 && stored.authorizedAmount == 0, "nothing was charged")
            #expect(stored.processorResult?.message == OutcomeRecorder.noPINTokenMessage)
        }
        await service.stop()
    }
}
