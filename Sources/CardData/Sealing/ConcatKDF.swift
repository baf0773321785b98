@preconcurrency import Crypto
import Foundation

/// The Concat KDF of NIST SP 800-56A §5.8.1 with SHA-256, as JWE ECDH-ES uses it
/// (RFC 7518 §4.6.2). swift-crypto offers X9.63 and HKDF on a shared secret but not this.
enum ConcatKDF {
    /// Derives `keyDataLength` bits from the shared secret `z`.
    /// - Parameters:
    ///   - algorithmID: the `enc` value in direct mode (`A256GCM`), or the `alg` value when
    ///     the derived key wraps a content key.
    ///   - partyUInfo: the decoded `apu`, empty when the header has none.
    ///   - partyVInfo: the decoded `apv`, empty when the header has none.
    ///   - keyDataLength: the key length in bits, a multiple of 8 (256 for A256GCM).
    static func derive(
        sharedSecret z: some DataProtocol,
        algorithmID: String,
        partyUInfo: Data = Data(),
        partyVInfo: Data = Data(),
        keyDataLength: Int
    ) -> Data {
        precondition(keyDataLength > 0 && keyDataLength % 8 == 0, "key length must be whole bytes")
        let otherInfo = lengthPrefixed(Data(algorithmID.utf8))
            + lengthPrefixed(partyUInfo)
            + lengthPrefixed(partyVInfo)
            + bigEndian32(UInt32(keyDataLength))
        let byteCount = keyDataLength / 8
        var output = Data()
        var counter: UInt32 = 1
        // Each round hashes counter || Z || OtherInfo; rounds are concatenated and the last
        // one truncated to the requested length.
        while output.count < byteCount {
            var hash = SHA256()
            hash.update(data: bigEndian32(counter))
            hash.update(data: Data(z))
            hash.update(data: otherInfo)
            output.append(contentsOf: hash.finalize())
            counter += 1
        }
        return Data(output.prefix(byteCount))
    }

    private static func lengthPrefixed(_ data: Data) -> Data {
        bigEndian32(UInt32(data.count)) + data
    }

    private static func bigEndian32(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}
