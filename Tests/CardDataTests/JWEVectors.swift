@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// Fixtures/jwe_vectors.json, written by scripts/interop/jwe_vectors.py. Found next to this
/// file through `#filePath`, so the test target needs no resource entry.
struct JWEVectors: Decodable {
    struct JWK: Decodable {
        let kty: String
        let crv: String
        let x: String
        let y: String
        let d: String?
        let kid: String?
    }

    /// A JWE joserfc sealed, and the plaintext it holds.
    struct Vector: Decodable {
        let name: String
        let plaintextHex: String
        let compact: String
    }

    /// A JWE as Tapline seals it, computed by the script without Tapline or joserfc.
    struct TaplineVector: Decodable {
        let ephemeral: JWK
        let ivHex: String
        let plaintextHex: String
        let extraHeader: [String: String]
        let compact: String
        let pinKeyHex: String
    }

    let recipient: JWK
    let joserfc: [Vector]
    let tapline: TaplineVector

    static func load() throws -> JWEVectors {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/jwe_vectors.json")
        return try JSONDecoder().decode(JWEVectors.self, from: Data(contentsOf: url))
    }

    /// The recipient key pair, as the gateway would hold it.
    func recipientKey() throws -> OpeningKey {
        OpeningKey(keyId: try #require(recipient.kid), privateKey: try TestJWK.privateKey(d: try #require(recipient.d)))
    }
}
