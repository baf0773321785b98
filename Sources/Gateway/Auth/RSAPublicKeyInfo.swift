import Foundation

/// The modulus and exponent of an RSA `SubjectPublicKeyInfo` (a PEM `PUBLIC KEY` block's DER),
/// read here so that only a well-formed RSA key ever reaches swift-crypto's RSA parser.
///
/// Why: swift-crypto 3's `_RSA.Signing.PublicKey(pemRepresentation:)` and its DER twin free
/// their key twice when the input is not an RSA public key (once on the failed parse, again in
/// deinit), which aborted the test run now and then through BoringSSL's refcount check.
/// `_RSA.Signing.PublicKey(n:e:)` has no such path.
struct RSAPublicKeyInfo: Equatable {
    var modulus: Data
    var exponent: Data

    /// rsaEncryption, 1.2.840.113549.1.1.1.
    private static let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]

    /// Nil unless `der` is exactly one SPKI of algorithm rsaEncryption whose key is a
    /// PKCS#1 `RSAPublicKey` of two positive integers.
    init?(spki der: Data) {
        var outer = DERReader(Array(der))
        guard var info = outer.read(tag: 0x30), outer.isAtEnd,
              var algorithm = info.read(tag: 0x30), let oid = algorithm.read(tag: 0x06), oid.bytes == Self.rsaEncryption,
              var bits = info.read(tag: 0x03), info.isAtEnd, bits.readByte() == 0 else { return nil }
        var key = DERReader(bits.rest)
        guard var sequence = key.read(tag: 0x30), key.isAtEnd,
              let modulus = sequence.read(tag: 0x02)?.bytes, let exponent = sequence.read(tag: 0x02)?.bytes, sequence.isAtEnd,
              let n = Self.positive(modulus), let e = Self.positive(exponent) else { return nil }
        self.modulus = n
        self.exponent = e
    }

    /// A DER INTEGER's magnitude without its sign byte; nil when negative or empty.
    private static func positive(_ bytes: [UInt8]) -> Data? {
        guard let first = bytes.first, first & 0x80 == 0 else { return nil }
        let magnitude = bytes.drop { $0 == 0 }
        return magnitude.isEmpty ? nil : Data(magnitude)
    }
}

/// Reads DER's tag-length-value elements, bounds-checked: a short or lying length is nil.
private struct DERReader {
    private(set) var bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }
    var rest: [UInt8] { Array(bytes[offset...]) }

    mutating func readByte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The content of the next element when its tag is `tag`.
    mutating func read(tag: UInt8) -> DERReader? {
        guard readByte() == tag, let first = readByte() else { return nil }
        var length = Int(first)
        if first & 0x80 != 0 {
            let count = Int(first & 0x7F)
            guard (1...3).contains(count) else { return nil }
            length = 0
            for _ in 0..<count {
                guard let byte = readByte() else { return nil }
                length = length << 8 | Int(byte)
            }
        }
        guard length <= bytes.count - offset else { return nil }
        defer { offset += length }
        return DERReader(Array(bytes[offset..<offset + length]))
    }
}
