import Foundation

/// Triple DES (NIST SP 800-67, ANSI X9.52) on single 8-byte blocks, in software, because
/// swift-crypto has no DES and acquirers still want ISO 9564 format 0 PIN blocks under
/// triple DES zone PIN keys (``PINBlockFormat0``).
///
/// Encryption is EDE: E(K3, D(K2, E(K1, block))); decryption is the reverse,
/// D(K1, E(K2, D(K3, block))). One block is ECB by definition; there is deliberately no
/// multi-block mode here, as nothing in Tapline needs one.
public enum TripleDES {
    /// The block size in bytes.
    public static let blockSize = 8

    /// `block` (8 bytes) enciphered under `key`.
    ///
    /// - Throws: ``TripleDESError/invalidBlockLength(_:)`` unless `block` is 8 bytes.
    public static func encrypt(_ block: Data, key: TripleDESKey) throws(TripleDESError) -> Data {
        Data(DES.bytes(encrypt(try value(block), key: key)))
    }

    /// `block` (8 bytes) deciphered under `key`.
    ///
    /// - Throws: ``TripleDESError/invalidBlockLength(_:)`` unless `block` is 8 bytes.
    public static func decrypt(_ block: Data, key: TripleDESKey) throws(TripleDESError) -> Data {
        Data(DES.bytes(decrypt(try value(block), key: key)))
    }

    static func encrypt(_ block: UInt64, key: TripleDESKey) -> UInt64 {
        let keys = key.roundKeys
        let once = DES.crypt(block, roundKeys: keys.first)
        let twice = DES.crypt(once, roundKeys: keys.second.reversed())
        return DES.crypt(twice, roundKeys: keys.third)
    }

    static func decrypt(_ block: UInt64, key: TripleDESKey) -> UInt64 {
        let keys = key.roundKeys
        let once = DES.crypt(block, roundKeys: keys.third.reversed())
        let twice = DES.crypt(once, roundKeys: keys.second)
        return DES.crypt(twice, roundKeys: keys.first.reversed())
    }

    private static func value(_ block: Data) throws(TripleDESError) -> UInt64 {
        guard block.count == blockSize else { throw .invalidBlockLength(block.count) }
        return DES.bigEndian(Array(block)[...])
    }
}
