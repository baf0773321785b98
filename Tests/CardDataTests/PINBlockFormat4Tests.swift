import CardData
import Crypto
import Foundation
import Testing

@Suite struct PINBlockFormat4Tests {
    private static let pan = "4761739001010010"
    private static let fill: [UInt8] = [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF]

    @Test(arguments: [128, 192, 256])
    func roundTripsEveryPINLength(keyBits: Int) throws {
        let key = SymmetricKey(size: SymmetricKeySize(bitCount: keyBits))
        for digits in ["1234", "00000", "987654", "1234567", "12345678", "999999999", "0123456789", "12345678901", "123456789012"] {
            let pin = try PIN(digits)
            let block = try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key)
            #expect(block.count == 16)
            #expect(try PINBlockFormat4.decipher(block, pan: Self.pan, key: key) == pin)
        }
    }

    @Test func roundTripsShortAndLongPANs() throws {
        let key = SymmetricKey(size: .bits128)
        let pin = try PIN("2468")
        for pan in ["1", "12345678901", "123456789012", "5413330089601", "4761739001010010123"] {
            let block = try PINBlockFormat4.encipher(pin: pin, pan: pan, key: key, fill: Self.fill)
            #expect(try PINBlockFormat4.decipher(block, pan: pan, key: key) == pin, "\(pan.count) digits")
        }
    }

    @Test func fillMakesBlocksDiffer() throws {
        let key = SymmetricKey(size: .bits256)
        let pin = try PIN("1234")
        let fixed = try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key, fill: Self.fill)
        #expect(try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key, fill: Self.fill) == fixed)
        var otherFill = Self.fill
        otherFill[7] ^= 1
        #expect(try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key, fill: otherFill) != fixed)
        let random = try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key)
        #expect(try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key) != random)
    }

    @Test func wrongKeyIsRefused() throws {
        let pin = try PIN("1234")
        let block = try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: SymmetricKey(size: .bits128), fill: Self.fill)
        for _ in 0..<20 {
            let error = #expect(throws: PINBlockError.self) {
                try PINBlockFormat4.decipher(block, pan: Self.pan, key: SymmetricKey(size: .bits128))
            }
            #expect(error.map(Self.isMalformedField) == true, "\(String(describing: error))")
        }
    }

    @Test func otherPANIsRefused() throws {
        let key = SymmetricKey(size: .bits128)
        let block = try PINBlockFormat4.encipher(pin: try PIN("1234"), pan: Self.pan, key: key, fill: Self.fill)
        for pan in ["4761739001010011", "476173900101001", "47617390010100100", "5413330089600010"] {
            let error = #expect(throws: PINBlockError.self) {
                try PINBlockFormat4.decipher(block, pan: pan, key: key)
            }
            #expect(error.map(Self.isMalformedField) == true, "\(String(describing: error))")
        }
    }

    @Test func refusesBadInputs() throws {
        let key = SymmetricKey(size: .bits128)
        let pin = try PIN("1234")
        #expect(throws: PINBlockError.invalidFillLength(7)) {
            try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: key, fill: Array(Self.fill.prefix(7)))
        }
        #expect(throws: PINBlockError.invalidBlockLength(15, expected: 16)) {
            try PINBlockFormat4.decipher(Data(count: 15), pan: Self.pan, key: key)
        }
        for pan in ["", "12345678901234567890", "4761 7390 0101 0010", "476173900101001X", "４７６１"] {
            #expect(throws: PINBlockError.invalidPAN, "\(pan)") {
                try PINBlockFormat4.encipher(pin: pin, pan: pan, key: key)
            }
            #expect(throws: PINBlockError.invalidPAN, "\(pan)") {
                try PINBlockFormat4.decipher(Data(count: 16), pan: pan, key: key)
            }
        }
        for bits in [64, 160] {
            let odd = SymmetricKey(size: SymmetricKeySize(bitCount: bits))
            #expect(throws: PINBlockError.invalidKeySize(bitCount: bits)) {
                try PINBlockFormat4.encipher(pin: pin, pan: Self.pan, key: odd)
            }
            #expect(throws: PINBlockError.invalidKeySize(bitCount: bits)) {
                try PINBlockFormat4.decipher(Data(count: 16), pan: Self.pan, key: odd)
            }
        }
    }

    @Test func errorMessagesHoldNoDigits() {
        let errors: [PINBlockError] = [
            .invalidPAN, .invalidFillLength(7), .invalidBlockLength(15, expected: 16), .invalidKeySize(bitCount: 64),
            .notFormat4(controlNibble: 0xB), .notFormat0(controlNibble: 0x3),
            .invalidPINLength, .invalidPINDigit, .invalidFill,
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("1234"))
        }
        #expect(PINBlockError.notFormat4(controlNibble: 0xB).description.contains("control nibble 0xB"))
    }

    private static func isMalformedField(_ error: PINBlockError) -> Bool {
        switch error {
        case .notFormat4, .invalidPINLength, .invalidPINDigit, .invalidFill: return true
        default: return false
        }
    }
}
