import ProcessingISO8583
import Testing

/// A message printed for a log shows no full PAN, no track data, no PIN block and no chip
/// data, however it is printed.
@Suite struct ISO8583RedactionTests {
    private let pan = "4761739001010010"
    private let track2 = "4761739001010010=22122011143804400000"
    private let track1 = "B4761739001010010^CARDHOLDER/TEST^2212201"
    private let pinBlock: [UInt8] = [0x04, 0x12, 0xAC, 0x89, 0xAB, 0xCD, 0xEF, 0x67]
    private let icc: [UInt8] = [0x5A, 0x08, 0x47, 0x61, 0x73, 0x90, 0x01, 0x01, 0x00, 0x10, 0x9F, 0x27, 0x01, 0x80]

    private var message: ISO8583Message {
        ISO8583Message(mti: .financialRequest, fields: [
            2: .text(pan), 4: "000000002500", 35: .text(track2), 41: "TERM0001",
            45: .text(track1), 52: .binary(pinBlock), 55: .binary(icc), 96: .binary([0xAB, 0x01]),
        ])
    }

    /// Every way a message can be turned into text.
    private var renderings: [String] {
        var dumped = ""
        dump(message, to: &dumped)
        return ["\(message)", String(describing: message), String(reflecting: message), dumped]
    }

    @Test func masksThePANToFirstSixLastFour() {
        #expect("\(message)".contains("2=476173******0010"))
        for text in renderings {
            #expect(!text.contains(pan))
            #expect(!text.contains("1739001010"))
        }
    }

    @Test func removesTrackPINAndChipDataShowingOnlyTheirLength() {
        let text = "\(message)"
        #expect(text.contains("35=<removed, 37 characters>"))
        #expect(text.contains("45=<removed, \(track1.count) characters>"))
        #expect(text.contains("52=<removed, 8 bytes>"))
        #expect(text.contains("55=<removed, 14 bytes>"))
        for rendering in renderings {
            #expect(!rendering.contains("=2212"))
            #expect(!rendering.contains("CARDHOLDER"))
            #expect(!rendering.uppercased().contains("0412AC89"))
            #expect(!rendering.uppercased().contains("5A0847"))
        }
    }

    @Test func showsOtherFieldsAsTheyAre() {
        #expect("\(message)".hasPrefix("0200 2=476173******0010 4=\"000000002500\" "))
        #expect("\(message)".contains("41=\"TERM0001\""))
        #expect("\(message)".contains("96=0xAB01"), "a b field is shown in hex")
    }

    /// The MAC (64, 128) is shown by its length only: nothing a log reader needs.
    @Test func hidesTheMAC() {
        let mac = ISO8583Message(mti: .financialRequest, fields: [64: .binary([0xAB, 0xCD, 1, 2, 3, 4, 5, 6]), 128: .binary([0xEF, 1])])
        #expect("\(mac)" == "0200 64=<removed, 8 bytes> 128=<removed, 2 bytes>")
    }

    @Test func aMalformedOrBinaryPANIsHiddenWhole() {
        let malformed = ISO8583Message(mti: .financialRequest, fields: [2: "4242X42424242424"])
        #expect("\(malformed)" == "0200 2=****************")
        let binary = ISO8583Message(mti: .financialRequest, fields: [2: .binary([0x42, 0x42, 0x42, 0x42])])
        #expect("\(binary)" == "0200 2=<removed, 4 bytes>")
    }

    /// Text from a host is escaped, so it cannot start a new log line.
    @Test func escapesControlCharacters() {
        let message = ISO8583Message(mti: .financialResponse, fields: [63: "OK\nlevel=error"])
        #expect("\(message)" == #"0210 63="OK\nlevel=error""#)
    }
}
