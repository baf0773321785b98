import Foundation

/// A triple DES key as payment networks use them, e.g. an acquirer's zone PIN key: 16 bytes
/// (double-length, K1 K2, used as K1 K2 K1) or 24 bytes (triple-length, K1 K2 K3).
///
/// Only the round keys are kept, never the bytes it was made from, and no way of printing
/// it shows them: the description names the length and the key check value, which is what
/// key custodians compare to confirm a key was entered correctly.
///
/// Parity bits are ignored, as DES ignores them, and a key whose parts are equal (which
/// makes it single DES) is not refused: the HSMs and libraries that load zone keys decide
/// that; this type only computes.
public struct TripleDESKey: Sendable {
    /// The number of key bytes: 16 or 24.
    public let byteCount: Int
    /// Round keys of K1, K2 and K3 (K3 is K1 for a double-length key).
    let roundKeys: (first: [UInt64], second: [UInt64], third: [UInt64])

    /// A key from its 16 or 24 bytes.
    ///
    /// - Throws: ``TripleDESError/invalidKeyLength(_:)`` for any other length, including
    ///   8 (single DES is not accepted as triple DES).
    public init(_ bytes: some Collection<UInt8>) throws(TripleDESError) {
        let bytes = Array(bytes)
        guard bytes.count == 16 || bytes.count == 24 else { throw .invalidKeyLength(bytes.count) }
        let first = DES.roundKeys(bytes[0..<8])
        let second = DES.roundKeys(bytes[8..<16])
        let third = bytes.count == 24 ? DES.roundKeys(bytes[16..<24]) : first
        byteCount = bytes.count
        roundKeys = (first, second, third)
    }

    /// The key check value: the first 3 bytes of 8 zero bytes enciphered under the key, as
    /// 6 uppercase hex digits. It identifies the key without revealing it.
    public var checkValue: String {
        Hex.string(DES.bytes(TripleDES.encrypt(0, key: self)).prefix(3))
    }
}

extension TripleDESKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "TripleDESKey(\(byteCount == 16 ? "double" : "triple")-length, KCV \(checkValue))"
    }

    public var debugDescription: String { description }

    /// What `dump` and debuggers see: no round keys.
    public var customMirror: Mirror {
        Mirror(self, children: ["byteCount": byteCount, "checkValue": checkValue], displayStyle: .struct)
    }
}
