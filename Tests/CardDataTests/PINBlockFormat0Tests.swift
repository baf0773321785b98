import CardData
import Foundation
import Testing

@Suite struct PINBlockFormat0Tests {
    private static let pan = "4761739001010010"
    private static let doubleKey = "0123456789ABCDEFFEDCBA9876543210"

    /// Clear blocks (the PIN field XOR the PAN field) known from elsewhere: psec's
    /// documented example, a 16-digit PAN worked by hand, and a 12-digit PAN, whose 11
    /// digits before the check digit are padded with one zero.
    static let clearVectors: [(pin: String, pan: String, clear: String)] = [
        ("1234", "5544332211009966", "041277CDDEEFF669"),
        ("987654", "4761739001010010", "0698616DFFEFEFFE"),
        ("1234", "123456789012", "041235DCBA9876FE"),
    ]

    @Test func clearBlocksAreTheStandardOnes() throws {
        let key = try TripleDESKey(EMVFixtures.data(Self.doubleKey))
        for vector in Self.clearVectors {
            let block = try PINBlockFormat0.encipher(pin: PIN(vector.pin), pan: vector.pan, key: key)
            #expect(EMVFixtures.hex(try TripleDES.decrypt(block, key: key)) == vector.clear, "\(vector.pan)")
            let theirs = try TripleDES.encrypt(EMVFixtures.data(vector.clear), key: key)
            #expect(try PINBlockFormat0.decipher(theirs, pan: vector.pan, key: key) == PIN(vector.pin))
        }
        // psec.des.encrypt_tdes_ecb(key, psec.pinblock.encode_pinblock_iso_0("1234", "5544332211009966"))
        let block = try PINBlockFormat0.encipher(pin: PIN("1234"), pan: "5544332211009966", key: key)
        #expect(EMVFixtures.hex(block) == "24B5254F5321BBC2")
    }

    @Test(arguments: [16, 24])
    func roundTripsEveryPINAndPANLength(keyBytes: Int) throws {
        let key = try TripleDESKey(TripleDESTests.random(keyBytes))
        for digits in ["1234", "00000", "987654", "1234567", "12345678", "999999999", "0123456789", "12345678901", "123456789012"] {
            for pan in ["123456789012", "5413330089601", Self.pan, "4761739001010010123"] {
                let block = try PINBlockFormat0.encipher(pin: PIN(digits), pan: pan, key: key)
                #expect(block.count == 8)
                #expect(try PINBlockFormat0.decipher(block, pan: pan, key: key) == PIN(digits), "\(pan.count)-digit PAN")
            }
        }
    }

    @Test func theSameInputsGiveTheSameBlock() throws {
        let key = try TripleDESKey(TripleDESTests.random(16))
        let pin = try PIN("2468")
        let block = try PINBlockFormat0.encipher(pin: pin, pan: Self.pan, key: key)
        // No random fill in format 0: determinism is what lets the acquirer's HSM check it.
        #expect(try PINBlockFormat0.encipher(pin: pin, pan: Self.pan, key: key) == block)
        #expect(try PINBlockFormat0.encipher(pin: PIN("2469"), pan: Self.pan, key: key) != block)
        #expect(try PINBlockFormat0.encipher(pin: pin, pan: "4761739001010028", key: key) != block)
        #expect(try PINBlockFormat0.encipher(pin: pin, pan: Self.pan, key: TripleDESKey(TripleDESTests.random(16))) != block)
    }

    @Test func onlyTheTwelveDigitsBeforeTheCheckDigitCount() throws {
        let key = try TripleDESKey(TripleDESTests.random(24))
        let pin = try PIN("1357")
        let block = try PINBlockFormat0.encipher(pin: pin, pan: "4761739001010010", key: key)
        // Another check digit, or other leading digits, leave the PAN field as it was.
        for pan in ["4761739001010017", "9991739001010010", "0004761739001010010"] {
            #expect(try PINBlockFormat0.encipher(pin: pin, pan: pan, key: key) == block, "\(pan)")
        }
    }

    @Test func wrongKeyIsRefused() throws {
        let block = try PINBlockFormat0.encipher(pin: PIN("1234"), pan: Self.pan, key: TripleDESKey(TripleDESTests.random(16)))
        for _ in 0..<20 {
            let error = #expect(throws: PINBlockError.self) {
                try PINBlockFormat0.decipher(block, pan: Self.pan, key: TripleDESKey(TripleDESTests.random(16)))
            }
            #expect(error.map(Self.isMalformedField) == true, "\(String(describing: error))")
        }
    }

    @Test func malformedClearBlocksAreRefused() throws {
        let key = try TripleDESKey(TripleDESTests.random(16))
        let cases: [(field: String, error: PINBlockError)] = [
            ("141234FFFFFFFFFF", .notFormat0(controlNibble: 1)),
            ("F41234FFFFFFFFFF", .notFormat0(controlNibble: 0xF)),
            ("031234FFFFFFFFFF", .invalidPINLength),
            ("0D1234567890123F", .invalidPINLength),
            ("04123AFFFFFFFFFF", .invalidPINDigit),
            ("041234FFFFFFFFFE", .invalidFill),
            ("0412340000000000", .invalidFill),
        ]
        for item in cases {
            // The clear block is the PIN field XOR the PAN field; build it, then encipher.
            let panField = try EMVFixtures.data("0000" + Self.pan.dropLast().suffix(12))
            let field = try EMVFixtures.data(item.field)
            let clear = Data(zip(field, panField).map { $0 ^ $1 })
            let block = try TripleDES.encrypt(clear, key: key)
            #expect(throws: item.error, "\(item.field)") { try PINBlockFormat0.decipher(block, pan: Self.pan, key: key) }
        }
    }

    @Test func refusesBadInputs() throws {
        let key = try TripleDESKey(TripleDESTests.random(16))
        let pin = try PIN("1234")
        for count in [0, 7, 9, 16] {
            #expect(throws: PINBlockError.invalidBlockLength(count, expected: 8)) {
                try PINBlockFormat0.decipher(Data(count: count), pan: Self.pan, key: key)
            }
        }
        let badPANs = ["", "1", "12345678901", "12345678901234567890", "4761 7390 0101 0010", "476173900101001X", "４７６１７３９００１０１"]
        for pan in badPANs {
            #expect(throws: PINBlockError.invalidPAN, "\(pan)") { try PINBlockFormat0.encipher(pin: pin, pan: pan, key: key) }
            #expect(throws: PINBlockError.invalidPAN, "\(pan)") { try PINBlockFormat0.decipher(Data(count: 8), pan: pan, key: key) }
        }
        // The PIN's own bounds (4 to 12 digits) are PIN's: no shorter or longer one can
        // reach a block.
        for digits in ["", "123", "1234567890123", "12a4"] {
            #expect(throws: CardDataError.invalidPIN) { try PIN(digits) }
        }
        // A key of the wrong length never becomes a TripleDESKey.
        for count in [8, 32] {
            #expect(throws: TripleDESError.invalidKeyLength(count)) { try TripleDESKey(Data(count: count)) }
        }
    }

    @Test func errorMessagesHoldNoDigits() {
        let errors: [PINBlockError] = [.invalidPAN, .invalidBlockLength(9, expected: 8), .notFormat0(controlNibble: 0xC), .invalidFill]
        for error in errors {
            #expect(!error.description.contains(Self.pan))
            #expect(!error.description.contains("1234"))
        }
        #expect(PINBlockError.notFormat0(controlNibble: 0xC).description.contains("control nibble 0xC, not 0"))
        #expect(PINBlockError.invalidBlockLength(9, expected: 8).description.contains("expected 8"))
    }

    static func isMalformedField(_ error: PINBlockError) -> Bool {
        switch error {
        case .notFormat0, .invalidPINLength, .invalidPINDigit, .invalidFill: return true
        default: return false
        }
    }
}
