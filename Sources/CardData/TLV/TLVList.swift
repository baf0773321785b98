import Foundation

/// A sequence of top-level TLV objects with look-ups by tag, e.g. a card read or the
/// data a reader hands the gateway.
///
/// Printing a list never shows the value of a sensitive tag (PAN, track data, cardholder
/// name, PIN block): see ``TLVTag/isSensitive``.
public struct TLVList: Sendable, Equatable, Sequence {
    public var items: [TLV]

    public init(_ items: [TLV]) {
        self.items = items
    }

    /// Decodes `data` with ``BERTLV/decode(_:maxDepth:)`` and its default nesting limit.
    public init(decoding data: Data) throws(TLVError) {
        self.items = try BERTLV.decode(data)
    }

    /// The list in BER-TLV, minimal lengths.
    public var encoded: Data {
        BERTLV.encode(items)
    }

    /// The first object with `tag`, searching depth-first in order: each top-level object,
    /// then inside it, before the next top-level object.
    public func first(_ tag: TLVTag) -> TLV? {
        for item in items {
            if let found = item.first(tag) { return found }
        }
        return nil
    }

    /// The value bytes of the first primitive object with `tag`, found as ``first(_:)``
    /// finds it; nil when absent or when that object is a template.
    public func value(_ tag: TLVTag) -> Data? {
        first(tag)?.bytes
    }

    /// The value of `tag` as ASCII text, for tags such as 50 (application label) or
    /// DF8101 (read id); nil when absent or when any byte is outside ASCII.
    public func string(_ tag: TLVTag) -> String? {
        guard let bytes = value(tag), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func makeIterator() -> IndexingIterator<[TLV]> {
        items.makeIterator()
    }

    public var underestimatedCount: Int { items.count }
}

extension TLVList: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line per object, children indented, names where known and sensitive values
    /// redacted, e.g. "5A Application Primary Account Number (PAN): <redacted 8 bytes>".
    public var description: String {
        TLVFormatter.lines(for: items).joined(separator: "\n")
    }

    public var debugDescription: String { "TLVList(\n\(description)\n)" }

    /// What `dump` and debuggers see: the redacted lines, never raw sensitive bytes.
    public var customMirror: Mirror {
        Mirror(self, children: ["items": TLVFormatter.lines(for: items)], displayStyle: .struct)
    }
}
