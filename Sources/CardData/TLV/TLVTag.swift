/// A BER-TLV tag as EMV uses it: one to four bytes, kept as a big-endian number, so the
/// PAN tag is `0x5A`, the authorised amount `0x9F02` and Tapline's read id `0xDF8101`.
public struct TLVTag: Hashable, Sendable {
    /// The tag's bytes read as a big-endian number, e.g. `0x9F02`.
    public let rawValue: UInt32

    /// Wraps a tag number as is. The number is trusted: use ``init(hex:)`` or
    /// ``BERTLV/decode(_:maxDepth:)`` for tags that come from outside.
    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Parses hex such as "9F02" or "df8101" (case-insensitive, whole bytes).
    ///
    /// Returns nil unless the bytes form exactly one well-formed BER tag: a first byte whose
    /// low five bits are all set must be followed by subsequent bytes, each but the last with
    /// bit 8 set, and nothing may trail the tag.
    public init?(hex: String) {
        guard let bytes = Hex.bytes(hex), !bytes.isEmpty, bytes.count <= 4,
              Self.encodedLength(startingWith: bytes) == bytes.count else { return nil }
        self.init(bytes.reduce(0) { $0 << 8 | UInt32($1) })
    }

    /// The tag as it appears on the wire, e.g. `[0x9F, 0x02]`. Tag 0 is the single byte 0x00.
    public var bytes: [UInt8] {
        let count = max(1, (32 - rawValue.leadingZeroBitCount + 7) / 8)
        return (0..<count).reversed().map { UInt8(truncatingIfNeeded: rawValue >> ($0 * 8)) }
    }

    /// Whether the value holds further TLV objects (a template) rather than data: bit 6 of
    /// the first byte, as BER defines it.
    public var isConstructed: Bool {
        bytes[0] & 0x20 != 0
    }

    /// The EMV or Tapline name, e.g. "Application Primary Account Number (PAN)", if known.
    public var name: String? {
        EMVTagDictionary.names[self]
    }

    /// Whether the value is cardholder data that must never be printed or logged: the PAN,
    /// track data, the cardholder name and PIN blocks. Descriptions of ``TLV`` and
    /// ``TLVList`` show such values only as "<redacted n bytes>".
    public var isSensitive: Bool {
        Self.sensitive.contains(self)
    }

    private static let sensitive: Set<TLVTag> = [
        .applicationPAN, .track2EquivalentData, .cardholderName, .pinBlock,
        .track1DiscretionaryData, .track2DiscretionaryData, .track1Data, .track2Data,
    ]

    /// How many bytes the tag starting with `bytes` occupies, or nil when `bytes` ends
    /// before the tag does or the tag runs past 4 bytes.
    static func encodedLength(startingWith bytes: [UInt8]) -> Int? {
        guard let first = bytes.first else { return nil }
        guard first & 0x1F == 0x1F else { return 1 }
        var index = 1
        while index < bytes.count, index < 4 {
            if bytes[index] & 0x80 == 0 { return index + 1 }
            index += 1
        }
        return nil
    }
}

extension TLVTag: CustomStringConvertible {
    /// Uppercase hex of the tag's bytes, e.g. "9F02".
    public var description: String {
        Hex.string(bytes)
    }
}
