/// The retail MAC: ISO/IEC 9797-1 MAC algorithm 3 with DES, padding method 1, under a
/// double-length key K1 K2 (ANSI X9.19). Acquirers use it to authenticate ISO 8583
/// messages (field 64 or 128) under a terminal authentication key.
///
/// Every block is chained in DES CBC under K1 from a zero IV; the last result is deciphered
/// under K2 and enciphered under K1 again. Padding method 1 appends zero bytes up to a
/// whole block, none when the data already fills its last block (and one zero block for
/// empty data). The 8-byte result is the MAC; nothing truncates it.
public enum RetailMAC {
    /// The MAC's length in bytes.
    public static let length = 8

    /// The MAC of `data` under `key`.
    ///
    /// - Throws: ``TripleDESError/invalidKeyLength(_:)`` for a triple-length key: algorithm 3
    ///   has two keys, and a third would be silently ignored.
    public static func mac(_ data: some Collection<UInt8>, key: TripleDESKey) throws(TripleDESError) -> [UInt8] {
        guard key.byteCount == 16 else { throw .invalidKeyLength(key.byteCount) }
        let bytes = Array(data)
        let first = key.roundKeys.first
        var chained: UInt64 = 0
        var start = 0
        repeat {
            var block = [UInt8](repeating: 0, count: 8)
            let end = min(start + 8, bytes.count)
            if start < end { block.replaceSubrange(0..<(end - start), with: bytes[start..<end]) }
            chained = DES.crypt(chained ^ DES.bigEndian(block[...]), roundKeys: first)
            start += 8
        } while start < bytes.count
        let output = DES.crypt(DES.crypt(chained, roundKeys: key.roundKeys.second.reversed()), roundKeys: first)
        return DES.bytes(output)
    }
}
