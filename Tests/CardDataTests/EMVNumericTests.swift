import CardData
import Foundation
import Testing

@Suite struct EMVNumericTests {
    @Test func encodesRightJustifiedBCD() {
        #expect(EMVNumeric.encode(1234, digits: 12) == Data([0x00, 0x00, 0x00, 0x00, 0x12, 0x34]))
        #expect(EMVNumeric.encode(978, digits: 3) == Data([0x09, 0x78]))
        #expect(EMVNumeric.encode(978, digits: 4) == Data([0x09, 0x78]))
        #expect(EMVNumeric.encode(0, digits: 2) == Data([0x00]))
        #expect(EMVNumeric.encode(20, digits: 2) == Data([0x20]))
        #expect(EMVNumeric.encode(301_231, digits: 6) == Data([0x30, 0x12, 0x31]))
        #expect(EMVNumeric.encode(UInt64.max, digits: 20) == Data([0x18, 0x44, 0x67, 0x44, 0x07, 0x37, 0x09, 0x55, 0x16, 0x15]))
    }

    @Test func refusesValuesThatDoNotFit() {
        #expect(EMVNumeric.encode(100, digits: 2) == nil)
        // n3 has a pad nibble, but the value may not spill into it.
        #expect(EMVNumeric.encode(1000, digits: 3) == nil)
        #expect(EMVNumeric.encode(1_000_000_000_000, digits: 12) == nil)
        #expect(EMVNumeric.encode(5, digits: 0) == nil)
        #expect(EMVNumeric.encode(5, digits: -1) == nil)
        #expect(EMVNumeric.encode(5, digits: 41) == nil)
    }

    @Test func decodes() {
        #expect(EMVNumeric.decode(Data([0x00, 0x00, 0x00, 0x00, 0x12, 0x34])) == 1234)
        #expect(EMVNumeric.decode(Data([0x09, 0x78])) == 978)
        #expect(EMVNumeric.decode(Data([0x00])) == 0)
        #expect(EMVNumeric.decode(Data([0x18, 0x44, 0x67, 0x44, 0x07, 0x37, 0x09, 0x55, 0x16, 0x15])) == UInt64.max)
    }

    @Test func refusesNonDecimalEmptyAndOverflowingData() {
        #expect(EMVNumeric.decode(Data([0x1A])) == nil)
        #expect(EMVNumeric.decode(Data([0xF1])) == nil)
        #expect(EMVNumeric.decode(Data()) == nil)
        #expect(EMVNumeric.decode(Data([0x18, 0x44, 0x67, 0x44, 0x07, 0x37, 0x09, 0x55, 0x16, 0x16])) == nil)
        #expect(EMVNumeric.decode(Data(repeating: 0x99, count: 10)) == nil)
    }

    @Test func digitsKeepLeadingZeros() {
        #expect(EMVNumeric.digits(Data([0x30, 0x12, 0x31])) == "301231")
        #expect(EMVNumeric.digits(Data([0x00, 0x00, 0x00, 0x00, 0x25, 0x00])) == "000000002500")
        #expect(EMVNumeric.digits(Data()) == "")
        #expect(EMVNumeric.digits(Data([0x47, 0x61, 0xFF])) == nil)
    }

    @Test func roundTripsEveryDigitCount() {
        for digits in 1...20 {
            let largest = digits == 20 ? UInt64.max : (0..<digits).reduce(UInt64(1)) { value, _ in value * 10 } - 1
            for value in [0, 1, largest / 3, largest] {
                let encoded = EMVNumeric.encode(value, digits: digits)
                #expect(encoded?.count == (digits + 1) / 2, "\(digits)")
                #expect(encoded.flatMap(EMVNumeric.decode) == value, "\(digits) \(value)")
            }
        }
    }
}
