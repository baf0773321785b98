import CardData
import ProcessingISO8583
import Testing

/// Every way bytes from a host can be wrong ends in a typed ``ISO8583DecodeError``.
@Suite struct ISO8583DecodeRefusalTests {
    private let codec = ISO8583Codec()
    private let mti = Array("0200".utf8)

    /// A primary bitmap with `fields` (1–64) set, written out independently of the codec.
    private func bitmap(_ fields: Int...) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 8)
        for field in fields { bytes[(field - 1) / 8] |= 0x80 >> ((field - 1) % 8) }
        return bytes
    }

    private func expectRefusal(_ bytes: [UInt8], _ error: ISO8583DecodeError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: error, sourceLocation: sourceLocation) { try codec.decode(bytes) }
    }

    @Test func refusesEmptyInput() {
        expectRefusal([], .empty)
    }

    @Test func refusesATruncatedMTIOrBitmap() {
        expectRefusal(Array("02".utf8), .truncated(.mti, needed: 4, remaining: 2))
        expectRefusal(mti + [0x10, 0, 0], .truncated(.primaryBitmap, needed: 8, remaining: 3))
        expectRefusal(mti + bitmap(1, 11) + [0, 0, 0, 0, 0], .truncated(.secondaryBitmap, needed: 8, remaining: 5))
    }

    @Test func refusesAnMTIThatIsNotVersion0Digits() {
        expectRefusal(Array("02A0".utf8) + bitmap(), .invalidMTI("30324130"))
        expectRefusal(Array("1200".utf8) + bitmap(), .invalidMTI("31323030"))
        expectRefusal([0xFF, 0x00, 0x30, 0x30] + bitmap(), .invalidMTI("FF003030"))
    }

    @Test func refusesABitmapNamingAFieldTheTableLacks() {
        expectRefusal(mti + bitmap(4, 5) + Array("000000001000".utf8), .fieldNotInTable(5))
        expectRefusal(mti + bitmap(61) + [UInt8](repeating: 0, count: 8), .fieldNotInTable(61))
        // Field 65 (first bit of the secondary bitmap) is the tertiary bitmap's flag: not spoken.
        expectRefusal(mti + bitmap(1) + [0x80, 0, 0, 0, 0, 0, 0, 0], .fieldNotInTable(65))
    }

    @Test func refusesLengthDigitsThatAreNotDigits() {
        for prefix in ["1A", " 9", "+9", "-1", "\u{0}9"] {
            expectRefusal(mti + bitmap(2) + Array(prefix.utf8) + Array("424242424".utf8), .invalidLengthPrefix(field: 2))
        }
        expectRefusal(mti + bitmap(55) + Array("0x4".utf8) + [1, 2, 3, 4], .invalidLengthPrefix(field: 55))
    }

    @Test func refusesALengthOverTheFieldMaximum() {
        let pan = Array(String(repeating: "4", count: 20).utf8)
        expectRefusal(mti + bitmap(2) + Array("20".utf8) + pan, .lengthOverMaximum(field: 2, length: 20, maximum: 19))
        expectRefusal(
            mti + bitmap(55) + Array("256".utf8) + [UInt8](repeating: 0, count: 256),
            .lengthOverMaximum(field: 55, length: 256, maximum: 255))
    }

    @Test func refusesALengthOverTheBytesLeft() {
        expectRefusal(mti + bitmap(2) + Array("1642424".utf8), .truncated(.field(2), needed: 16, remaining: 5))
        expectRefusal(mti + bitmap(2) + Array("1".utf8), .truncated(.field(2), needed: 2, remaining: 1))
        expectRefusal(mti + bitmap(4) + Array("00000".utf8), .truncated(.field(4), needed: 12, remaining: 5))
        expectRefusal(mti + bitmap(52) + [1, 2, 3], .truncated(.field(52), needed: 8, remaining: 3))
    }

    @Test func refusesBytesOutsideTheFieldFormat() {
        expectRefusal(mti + bitmap(4) + Array("00000000100A".utf8), .invalidCharacter(field: 4, format: .numeric, position: 11))
        expectRefusal(mti + bitmap(2) + Array("0442D2".utf8), .invalidCharacter(field: 2, format: .numeric, position: 2))
        expectRefusal(mti + bitmap(39) + [0x30, 0x0A], .invalidCharacter(field: 39, format: .alphanumeric, position: 1))
        expectRefusal(mti + bitmap(41) + Array("TERM".utf8) + [0xC3, 0xA9, 0x20, 0x20],
                      .invalidCharacter(field: 41, format: .alphanumericSpecial, position: 4))
        expectRefusal(mti + bitmap(35) + Array("054242D".utf8), .invalidCharacter(field: 35, format: .track2, position: 4))
    }

    @Test func refusesBytesAfterTheLastField() {
        expectRefusal(mti + bitmap(39) + Array("00X".utf8), .trailingBytes(1))
        expectRefusal(mti + bitmap() + [0], .trailingBytes(1))
    }

    /// A megabyte is refused without reading it all: either the first bytes are wrong, or
    /// the message ends and the rest is trailing.
    @Test func refusesHugeInput() {
        let megabyte = 1 << 20
        expectRefusal([UInt8](repeating: 0xFF, count: megabyte), .invalidMTI("FFFFFFFF"))
        expectRefusal(mti + bitmap(39) + Array("00".utf8) + [UInt8](repeating: 0x30, count: megabyte), .trailingBytes(megabyte))
        // Every bit set: a secondary bitmap and fields 2–128, of which 5 is the first unknown.
        expectRefusal(mti + [UInt8](repeating: 0xFF, count: megabyte), .fieldNotInTable(5))
    }

    /// Every prefix of every pyiso8583 vector is refused (none is a message of its own), and
    /// every single-byte corruption either fails as a typed error or decodes to a message the
    /// encoder accepts: the decoder never lets through what the table forbids.
    @Test func truncatedAndCorruptedVectorsNeverEscapeTheTable() throws {
        for vector in try ISO8583Fixtures.load().vectors {
            let bytes = try Hex.decode(vector.hex)
            for cut in 0..<bytes.count {
                #expect(throws: ISO8583DecodeError.self, "\(vector.name) cut at \(cut)") { try codec.decode(Array(bytes[..<cut])) }
            }
            for index in bytes.indices {
                for replacement: UInt8 in [0x00, 0x20, 0x39, 0x41, 0x7F, 0xFF] where replacement != bytes[index] {
                    var corrupted = bytes
                    corrupted[index] = replacement
                    guard let decoded = try? codec.decode(corrupted) else { continue }
                    #expect(throws: Never.self, "\(vector.name) byte \(index)") { try codec.encode(decoded) }
                }
            }
        }
    }
}
