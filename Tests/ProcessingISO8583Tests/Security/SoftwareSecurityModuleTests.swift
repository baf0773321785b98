import CardData
import Foundation
import ProcessingISO8583
import Testing

/// What the software security module refuses, and the MAC field rule of ISO 8583:1987.
struct SoftwareSecurityModuleTests {
    private static let key: [UInt8] = Array(0..<16)

    @Test func withoutKeysEveryOperationNamesTheMissingKey() throws {
        let module = try SoftwareSecurityModule()
        #expect(!module.canAuthenticateMessages)
        #expect(throws: SecurityModuleError.noKey(.zonePIN)) { try module.encipherPIN(try PIN("1234"), pan: "4242424242424242") }
        #expect(throws: SecurityModuleError.noKey(.terminalAuthentication)) { try module.generateMAC([1]) }
        #expect(throws: SecurityModuleError.noKey(.terminalAuthentication)) { try module.verifyMAC([UInt8](repeating: 0, count: 8), over: [1]) }
        #expect(throws: SecurityModuleError.noKey(.zoneMaster)) {
            try module.importKey(.zonePIN, enciphered: Self.key, checkValue: "000000")
        }
    }

    /// The retail MAC has two keys: a triple-length TAK is refused, not used in part.
    @Test func refusesATripleLengthMACKeyAndShortKeys() {
        #expect(throws: SecurityModuleError.invalidKey(.terminalAuthentication)) {
            try SoftwareSecurityModule(terminalAuthenticationKey: [UInt8](repeating: 1, count: 24))
        }
        #expect(throws: SecurityModuleError.invalidKey(.zonePIN)) { try SoftwareSecurityModule(zonePINKey: [1, 2, 3]) }
        #expect(throws: SecurityModuleError.invalidKey(.zoneMaster)) { try SoftwareSecurityModule(zoneMasterKey: [UInt8](repeating: 1, count: 8)) }
    }

    @Test func pinBlockIsFormat0UnderTheZonePINKey() throws {
        let module = try SoftwareSecurityModule(zonePINKey: Self.key)
        let block = try module.encipherPIN(try PIN("1234"), pan: "4242424242424242")
        #expect(try PINBlockFormat0.decipher(Data(block), pan: "4242424242424242", key: TripleDESKey(Self.key)) == (try PIN("1234")))
    }

    @Test func macIsInFieldSixtyFourWithoutASecondaryBitmapElse128() {
        var sale = ISO8583Message(mti: .financialRequest, fields: [3: .text("000000"), 11: .text("000001")])
        #expect(ISO8583MAC.field(for: sale) == 64)
        #expect(ISO8583MAC.placeholder(in: sale).fields.keys.sorted() == [3, 11, 64])
        sale[field: 90] = .text(String(repeating: "0", count: 42))
        #expect(ISO8583MAC.field(for: sale) == 128)
        #expect(ISO8583MAC.placeholder(in: sale).fields.keys.sorted() == [3, 11, 90, 128])
        // A MAC where the rule does not put it is no MAC.
        sale[field: 64] = .binary([UInt8](repeating: 0, count: 8))
        #expect(ISO8583MAC.value(in: sale) == nil)
        sale[field: 64] = nil
        sale[field: 128] = .binary([UInt8](repeating: 7, count: 8))
        #expect(ISO8583MAC.value(in: sale) == [UInt8](repeating: 7, count: 8))
    }
}
