import Foundation

/// Random ids as the gateway writes them: a version 4 UUID (122 random bits, as unguessable
/// as Foundation's `UUID()`) in lowercase text, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
///
/// The bits come from ``RandomBytePool``: the operating system's generator read 4 KiB at a
/// time, where `UUID()` on Linux opens, reads and closes `/dev/urandom` for every id (a sale
/// makes several). Measured by `TaplineBenchmarks ids`.
public enum RandomID {
    private static let pool = LockedBox(RandomBytePool())

    /// A new random UUID, lowercase, with its dashes (36 characters).
    public static func uuidString() -> String {
        text(dashes: true)
    }

    /// A new random UUID, lowercase hex without dashes (32 characters).
    public static func uuidHex() -> String {
        text(dashes: false)
    }

    /// A new time-ordered UUID, version 7 (RFC 9562): the Unix time in milliseconds in its
    /// first 48 bits, then 74 random bits; lowercase, with its dashes. The gateway's object ids
    /// (``GatewayDependencies``): ids made one after another sort together, so a database
    /// index on them grows at its end, where a random id lands on a random page of every such
    /// index (each a page more to write, and to read back once the index outgrows the cache).
    /// The milliseconds say when the object was made, which its `createdAt` says anyway.
    public static func timeOrderedString(at date: Date = Date()) -> String {
        var bits = pool.withLock { $0.take16() }
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded()))
        return withUnsafeMutableBytes(of: &bits) { bytes in
            for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
            bytes[6] = bytes[6] & 0x0F | 0x70 // version 7
            bytes[8] = bytes[8] & 0x3F | 0x80 // the RFC 9562 variant
            return hex(bytes, dashes: true)
        }
    }

    private static func text(dashes: Bool) -> String {
        var bits = pool.withLock { $0.take16() }
        return withUnsafeMutableBytes(of: &bits) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40 // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80 // the RFC 4122 variant
            return hex(bytes, dashes: dashes)
        }
    }

    private static func hex(_ bytes: UnsafeMutableRawBufferPointer, dashes: Bool) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: dashes ? 36 : 32) { text in
            var position = 0
            for index in 0..<16 {
                if dashes, index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = digits.utf8Start[Int(bytes[index] >> 4)]
                text[position + 1] = digits.utf8Start[Int(bytes[index] & 0x0F)]
                position += 2
            }
            return position
        }
    }
}
