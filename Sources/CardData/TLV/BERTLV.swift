import Foundation

/// EMV BER-TLV encoding (EMV 4.4 Book 3 Annex B, a subset of ISO/IEC 8825-1 BER).
///
/// - Tags are 1 to 4 bytes. A first byte whose low five bits are all set (xxx1 1111) is
///   followed by further tag bytes, each with bit 8 set while more follow.
/// - Lengths are definite: one byte below 128, or 0x81 to 0x84 followed by 1 to 4 length
///   bytes. The indefinite form (0x80) and longer length fields are refused.
/// - A tag with bit 6 of its first byte set is constructed (a template): its value is
///   itself a sequence of TLV objects and is decoded recursively.
public enum BERTLV {
    /// Decodes a sequence of TLV objects, such as a card's READ RECORD response or a
    /// reader's TLV payload.
    ///
    /// Padding: EMV Book 3 Annex B lets 0x00 bytes appear before, between and after data
    /// objects (erased or rewritten records leave them behind), and ISO/IEC 7816-4 allows
    /// 0xFF filler too. Both are skipped at every nesting level, with one restriction:
    /// 0xFF is filler only when nothing but 0xFF follows up to the end of the data or the
    /// enclosing template. Elsewhere it begins a tag, because the contactless kernels use
    /// private constructed tags FF8101 to FF8106 (for example the Mastercard Data Record
    /// FF8105), which would otherwise be swallowed.
    ///
    /// Long-form lengths need not be minimal (0x81 0x05 is read as 5), as BER allows, so
    /// re-encoding such input yields shorter bytes.
    ///
    /// - Parameters:
    ///   - data: The encoded objects.
    ///   - maxDepth: How many levels objects may nest; top-level objects are level 1 and
    ///     the children of a level-n template are level n + 1. Bounds the recursion so a
    ///     hostile payload cannot exhaust the stack.
    /// - Throws: ``TLVError``, with the byte offset, when the data is not well-formed TLV,
    ///   including when a template's content is not itself well-formed TLV.
    public static func decode(_ data: Data, maxDepth: Int = 8) throws(TLVError) -> [TLV] {
        let decoder = Decoder(bytes: Array(data), maxDepth: maxDepth)
        return try decoder.objects(in: 0..<decoder.bytes.count, depth: 1)
    }

    /// Encodes objects in order, each with the shortest definite length: one byte below
    /// 128, else 0x81, 0x82, 0x83 or 0x84 followed by as few length bytes as fit.
    ///
    /// A ``TLV/Value/constructed(_:)`` value is written as its encoded children and a
    /// ``TLV/Value/primitive(_:)`` value as is, whatever the tag's constructed bit says.
    public static func encode(_ items: [TLV]) -> Data {
        var data = Data()
        for item in items {
            append(item, to: &data)
        }
        return data
    }

    private static func append(_ item: TLV, to data: inout Data) {
        data.append(contentsOf: item.tag.bytes)
        switch item.value {
        case .primitive(let bytes):
            appendLength(bytes.count, to: &data)
            data.append(bytes)
        case .constructed(let children):
            let content = encode(children)
            appendLength(content.count, to: &data)
            data.append(content)
        }
    }

    private static func appendLength(_ length: Int, to data: inout Data) {
        precondition(length >= 0 && UInt64(length) <= UInt64(UInt32.max), "TLV value too long for a 4-byte length")
        if length < 0x80 {
            data.append(UInt8(length))
            return
        }
        let lengthBytes = (Int.bitWidth - length.leadingZeroBitCount + 7) / 8
        data.append(0x80 | UInt8(lengthBytes))
        for shift in stride(from: (lengthBytes - 1) * 8, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: length >> shift))
        }
    }
}

extension BERTLV {
    /// Reads objects from one buffer. Offsets are absolute, so errors inside templates
    /// point at the right byte of the original data.
    private struct Decoder {
        let bytes: [UInt8]
        let maxDepth: Int

        func objects(in range: Range<Int>, depth: Int) throws(TLVError) -> [TLV] {
            var items: [TLV] = []
            var offset = range.lowerBound
            while offset < range.upperBound {
                if bytes[offset] == 0x00 {
                    offset += 1
                    continue
                }
                if bytes[offset] == 0xFF, bytes[offset..<range.upperBound].allSatisfy({ $0 == 0xFF }) {
                    break
                }
                guard depth <= maxDepth else { throw .nestingTooDeep(offset: offset, limit: maxDepth) }
                let tag = try readTag(at: &offset, end: range.upperBound)
                let lengthOffset = offset
                let length = try readLength(at: &offset, end: range.upperBound)
                let available = range.upperBound - offset
                guard length <= UInt64(available) else {
                    throw .valuePastEnd(offset: lengthOffset, declared: Int(clamping: length), available: available)
                }
                let valueRange = offset..<(offset + Int(length))
                if tag.isConstructed {
                    items.append(TLV(tag, children: try objects(in: valueRange, depth: depth + 1)))
                } else {
                    items.append(TLV(tag, Data(bytes[valueRange])))
                }
                offset = valueRange.upperBound
            }
            return items
        }

        /// Reads the tag at `offset` (which is before `end`) and moves past it.
        private func readTag(at offset: inout Int, end: Int) throws(TLVError) -> TLVTag {
            let start = offset
            let first = bytes[offset]
            offset += 1
            var rawValue = UInt32(first)
            guard first & 0x1F == 0x1F else { return TLVTag(rawValue) }
            var count = 1
            while true {
                // A fifth byte is refused even when the data ends first: the tag is
                // already too long for EMV, which is the more useful thing to report.
                guard count < 4 else { throw .tagTooLong(offset: start) }
                guard offset < end else { throw .truncatedTag(offset: start) }
                let byte = bytes[offset]
                offset += 1
                count += 1
                rawValue = rawValue << 8 | UInt32(byte)
                if byte & 0x80 == 0 { return TLVTag(rawValue) }
            }
        }

        /// Reads the length field at `offset` and moves past it.
        private func readLength(at offset: inout Int, end: Int) throws(TLVError) -> UInt64 {
            let start = offset
            guard offset < end else { throw .truncatedLength(offset: start) }
            let first = bytes[offset]
            offset += 1
            guard first & 0x80 != 0 else { return UInt64(first) }
            let count = Int(first & 0x7F)
            guard (1...4).contains(count) else { throw .unsupportedLength(offset: start) }
            guard end - offset >= count else { throw .truncatedLength(offset: start) }
            var length: UInt64 = 0
            for byte in bytes[offset..<(offset + count)] {
                length = length << 8 | UInt64(byte)
            }
            offset += count
            return length
        }
    }
}
