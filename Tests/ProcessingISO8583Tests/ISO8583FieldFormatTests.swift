import ProcessingISO8583
import Testing

/// Each format's character set, byte by byte.
@Suite struct ISO8583FieldFormatTests {
    private func accepted(_ format: ISO8583FieldFormat) -> [UInt8] {
        (0...255).map(UInt8.init).filter(format.accepts)
    }

    @Test func numericIsTheTenDigits() {
        #expect(accepted(.numeric) == Array("0123456789".utf8))
    }

    /// Letters, digits and the space that pads fixed an fields (and that hosts send in 38).
    @Test func alphanumericIsLettersDigitsAndSpace() {
        #expect(accepted(.alphanumeric) == Array(" 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8))
    }

    @Test func alphanumericSpecialIsPrintableASCII() {
        #expect(accepted(.alphanumericSpecial) == Array(0x20...0x7E))
    }

    /// ISO/IEC 7813's track 2 set: digits and `: ; < = > ?`; not the `D` of EMV tag 57.
    @Test func track2IsTheSixteenTrackCharacters() {
        #expect(accepted(.track2) == Array("0123456789:;<=>?".utf8))
    }

    @Test func binaryIsEveryByte() {
        #expect(accepted(.binary).count == 256)
    }

    @Test func paddingKeepsValuesAndRefusesWhereNothingIsNeutral() {
        #expect(ISO8583FieldFormat.numeric.padding == UInt8(ascii: "0"))
        #expect(ISO8583FieldFormat.alphanumeric.padding == UInt8(ascii: " "))
        #expect(ISO8583FieldFormat.alphanumericSpecial.padding == UInt8(ascii: " "))
        #expect(ISO8583FieldFormat.binary.padding == nil)
        #expect(ISO8583FieldFormat.track2.padding == nil)
    }
}
