import CardData
import Foundation
import Testing

@Suite("Reader token claims, as a reader reads them")
struct ReaderTokenClaimsTests {
    static let key = OpeningKey.generate(keyId: "tck_0123456789abcdef")

    /// A compact token with the given header; the reader never checks the signature.
    private func token(header: String, claims: ReaderTokenClaims) throws -> String {
        let payload = try JSONEncoder().encode(claims)
        return Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(payload) + ".c2ln"
    }

    private var claims: ReaderTokenClaims {
        ReaderTokenClaims(sub: "phone-1", mid: "m_1", iat: 1_000, exp: 44_200, jti: "j_1", gatewayKey: ECPublicJWK(Self.key.sealingKey))
    }

    @Test func aReaderTokenDecodesToItsClaimsAndKey() throws {
        let decoded = try ReaderTokenClaims.decodeUnverified(try token(header: #"{"alg":"HS256","typ":"tapline-reader+jwt"}"#, claims: claims))
        #expect(decoded == claims)
        #expect(decoded.kid == "tck_0123456789abcdef")
        #expect(decoded.deviceId == "phone-1")
        #expect(decoded.merchantId == "m_1")
        #expect(decoded.expiresAt == Date(timeIntervalSince1970: 44_200))
        let sealing = try decoded.sealingKey()
        #expect(sealing.keyId == Self.key.keyId)
        #expect(sealing.publicKey.rawRepresentation == Self.key.privateKey.publicKey.rawRepresentation)
    }

    @Test func otherTokensAreRefused() throws {
        #expect(throws: ReaderTokenError.notAReaderToken) {
            try ReaderTokenClaims.decodeUnverified(try token(header: #"{"alg":"HS256","typ":"JWT"}"#, claims: claims))
        }
        for malformed in ["", "a.b", "a.b.c.d", "!!.e30.", Base64URL.encode(Data("{}".utf8)) + ".e30."] {
            #expect(throws: ReaderTokenError.self, "\(malformed)") { try ReaderTokenClaims.decodeUnverified(malformed) }
        }
        let wrongClaims = Base64URL.encode(Data(#"{"typ":"tapline-reader+jwt"}"#.utf8)) + "." + Base64URL.encode(Data(#"{"sub":1}"#.utf8)) + ".x"
        #expect(throws: ReaderTokenError.malformed) { try ReaderTokenClaims.decodeUnverified(wrongClaims) }
    }
}
