@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

@Suite struct ECPublicJWKTests {
    private let key = OpeningKey.generate(keyId: "gw-1").sealingKey

    @Test func roundTripsThroughJSON() throws {
        let jwk = ECPublicJWK(key)
        #expect(jwk.kty == "EC" && jwk.crv == "P-256" && jwk.kid == "gw-1")
        #expect(jwk.use == "enc" && jwk.alg == "ECDH-ES")
        let decoded = try JSONDecoder().decode(ECPublicJWK.self, from: JSONEncoder().encode(jwk))
        #expect(decoded == jwk)
        let back = try decoded.sealingKey()
        #expect(back.keyId == "gw-1")
        #expect(back.publicKey.x963Representation == key.publicKey.x963Representation)
    }

    @Test func coordinatesAre32ByteBase64URL() {
        let jwk = ECPublicJWK(key)
        #expect(Base64URL.decode(jwk.x)?.count == 32)
        #expect(Base64URL.decode(jwk.y)?.count == 32)
    }

    @Test func pointNotOnTheCurveIsRefused() {
        var jwk = ECPublicJWK(key)
        var y = Base64URL.decode(jwk.y)!
        y[y.startIndex + 31] ^= 0x01
        jwk.y = Base64URL.encode(y)
        #expect(throws: SealedDataError.invalidKey) { try jwk.sealingKey() }
    }

    @Test func otherKeyTypesCurvesAndLengthsAreRefused() {
        let good = ECPublicJWK(key)
        var edits: [ECPublicJWK] = []
        var wrongType = good
        wrongType.kty = "OKP"
        edits.append(wrongType)
        var wrongCurve = good
        wrongCurve.crv = "P-384"
        edits.append(wrongCurve)
        var short = good
        short.x = Base64URL.encode(Data(repeating: 1, count: 31))
        edits.append(short)
        var garbage = good
        garbage.y = "***"
        edits.append(garbage)
        for jwk in edits {
            #expect(throws: SealedDataError.invalidKey) { try jwk.sealingKey() }
        }
    }
}
