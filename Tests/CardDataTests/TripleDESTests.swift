import CardData
import Foundation
import Testing

@Suite struct TripleDESTests {
    /// Single DES known answers (key, plaintext, ciphertext): FIPS 81's "Now is the time
    /// for all " example, the worked example of the standard's usual walkthrough, and NBS
    /// SP 500-20 / Rivest validation values. Triple DES with equal parts is single DES, so
    /// they check the DES core through the public API.
    static let desVectors: [(key: String, plain: String, cipher: String)] = [
        ("0123456789ABCDEF", "4E6F772069732074", "3FA40E8A984D4815"),
        ("0123456789ABCDEF", "68652074696D6520", "6A271787AB8883F9"),
        ("0123456789ABCDEF", "666F7220616C6C20", "893D51EC4B563B53"),
        ("133457799BBCDFF1", "0123456789ABCDEF", "85E813540F0AB405"),
        ("0E329232EA6D0D73", "8787878787878787", "0000000000000000"),
        ("0101010101010101", "95F8A5E5DD31D900", "8000000000000000"),
        ("0000000000000000", "0000000000000000", "8CA64DE9C1B123A7"),
        ("FFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFF", "7359B2163E4EDC58"),
        ("3000000000000000", "1000000000000001", "958E6E627A05557B"),
        ("1111111111111111", "1111111111111111", "F40379AB9E0EC533"),
        ("0123456789ABCDEF", "1111111111111111", "17668DFC7292532D"),
        ("1111111111111111", "0123456789ABCDEF", "8A5AE1F81AB8F2DD"),
        ("FEDCBA9876543210", "0123456789ABCDEF", "ED39D950FA74BCC4"),
    ]

    @Test(arguments: desVectors)
    func singleDESKnownAnswers(vector: (key: String, plain: String, cipher: String)) throws {
        let part = try EMVFixtures.data(vector.key)
        for key in [part + part, part + part + part] {
            let tdes = try TripleDESKey(key)
            let plain = try EMVFixtures.data(vector.plain)
            #expect(EMVFixtures.hex(try TripleDES.encrypt(plain, key: tdes)) == vector.cipher)
            #expect(EMVFixtures.hex(try TripleDES.decrypt(EMVFixtures.data(vector.cipher), key: tdes)) == vector.plain)
        }
    }

    @Test func tripleLengthKnownAnswer() throws {
        // NIST SP 800-67 rev. 2, the worked example: three independent keys, "The qufc".
        let key = try TripleDESKey(EMVFixtures.data("0123456789ABCDEF23456789ABCDEF01456789ABCDEF0123"))
        let cipher = try TripleDES.encrypt(Data("The qufc".utf8), key: key)
        #expect(EMVFixtures.hex(cipher) == "A826FD8CE53B855F")
        #expect(try TripleDES.decrypt(cipher, key: key) == Data("The qufc".utf8))
    }

    @Test func doubleLengthKnownAnswerAndCheckValue() throws {
        // psec's documented example (psec.des.encrypt_tdes_ecb and generate_kcv).
        let key = try TripleDESKey(EMVFixtures.data("0123456789ABCDEFFEDCBA9876543210"))
        #expect(EMVFixtures.hex(try TripleDES.encrypt(Data("12345678".utf8), key: key)) == "41D2FFBA3CDC15FE")
        #expect(key.checkValue == "08D7B4")
    }

    @Test func doubleLengthIsTripleLengthWithK3EqualToK1() throws {
        for _ in 0..<20 {
            let double = Self.random(16)
            let block = Self.random(8)
            let expected = try TripleDES.encrypt(block, key: TripleDESKey(double))
            #expect(try TripleDES.encrypt(block, key: TripleDESKey(double + double.prefix(8))) == expected)
        }
    }

    @Test func decryptUndoesEncrypt() throws {
        for count in [16, 24] {
            for _ in 0..<50 {
                let key = try TripleDESKey(Self.random(count))
                let block = Self.random(8)
                let cipher = try TripleDES.encrypt(block, key: key)
                #expect(try TripleDES.decrypt(cipher, key: key) == block)
                #expect(try TripleDES.encrypt(TripleDES.decrypt(block, key: key), key: key) == block)
            }
        }
    }

    @Test func parityBitsAreIgnored() throws {
        let key = Self.random(16)
        let flipped = Data(key.map { $0 ^ 0x01 })
        let block = Self.random(8)
        #expect(try TripleDES.encrypt(block, key: TripleDESKey(key)) == TripleDES.encrypt(block, key: TripleDESKey(flipped)))
    }

    @Test func refusesOtherKeyLengths() {
        for count in [0, 1, 7, 8, 15, 17, 23, 25, 32] {
            #expect(throws: TripleDESError.invalidKeyLength(count)) { try TripleDESKey(Data(count: count)) }
        }
    }

    @Test func refusesOtherBlockLengths() throws {
        let key = try TripleDESKey(Self.random(16))
        for count in [0, 1, 7, 9, 16] {
            #expect(throws: TripleDESError.invalidBlockLength(count)) { try TripleDES.encrypt(Data(count: count), key: key) }
            #expect(throws: TripleDESError.invalidBlockLength(count)) { try TripleDES.decrypt(Data(count: count), key: key) }
        }
        // A slice whose indices do not start at zero is still one block.
        let slice = Self.random(12).dropFirst(4)
        #expect(try TripleDES.decrypt(TripleDES.encrypt(slice, key: key), key: key) == slice)
    }

    @Test func printingNeverShowsTheKey() throws {
        let bytes = try EMVFixtures.data("0123456789ABCDEFFEDCBA9876543210")
        let key = try TripleDESKey(bytes)
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, key.debugDescription, String(reflecting: key), "\(key)", dumped] {
            #expect(!text.uppercased().contains("0123456789ABCDEF"), "\(text)")
            #expect(!text.uppercased().contains("FEDCBA9876543210"), "\(text)")
            #expect(text.contains("08D7B4"), "\(text)")
        }
        #expect(key.description == "TripleDESKey(double-length, KCV 08D7B4)")
        #expect(try TripleDESKey(bytes + bytes.prefix(8)).description.hasPrefix("TripleDESKey(triple-length"))
    }

    @Test func errorMessagesNameCounts() {
        #expect(TripleDESError.invalidKeyLength(8).description.contains("8 bytes"))
        #expect(TripleDESError.invalidBlockLength(9).description.contains("9 bytes"))
    }

    static func random(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
