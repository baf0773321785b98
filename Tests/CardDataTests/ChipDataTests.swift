import CardData
import Foundation
import Testing

@Suite("Chip data (ISO 8583 field 55) and track 2 text (field 35)")
struct ChipDataTests {
    static let field55Order = ["9F26", "9F27", "9F10", "9F37", "9F36", "95", "9A", "9C", "9F02", "5F2A", "82", "9F1A", "9F34", "84"]

    @Test func aFullReadGivesEveryTagInTheProfilesOrder() throws {
        let read = try CardReadChipTagsTests.fullRead()
        let chip = read.chipData()
        #expect(chip.items.map(\.tag.description) == Self.field55Order)
        #expect(chip.value(.applicationCryptogram) == read.cryptogram)
        #expect(chip.value(.transactionType) == Data([0x00]))
        #expect(chip.value(.amountAuthorised) == Data([0x00, 0x00, 0x00, 0x01, 0x23, 0x45]))
        #expect(chip.value(.transactionCurrencyCode) == Data([0x08, 0x40]))
        #expect(chip.value(.terminalCountryCode) == Data([0x08, 0x40]))
        #expect(chip.value(.transactionDate) == Data([0x25, 0x11, 0x23]))
        #expect(chip.value(.dedicatedFileName) == read.dedicatedFileName)
        #expect(chip.items.allSatisfy { $0.bytes != nil })
    }

    @Test func onlyTheTagsPresentAreWritten() throws {
        let expiry = try CardExpiry(month: 1, year: 2031)
        let bare = CardRead(readId: "read-2", readAt: Date(), pan: "4761739001010010", expiry: expiry, kind: .refund)
        // 9C is the read's kind, so it is always there.
        #expect(bare.chipData().items.map(\.tag.description) == ["9C"])
        #expect(bare.chipData().value(.transactionType) == Data([0x20]))

        var read = try CardReadChipTagsTests.fullRead()
        read.amount = nil
        read.currencyCode = nil
        read.issuerApplicationData = nil
        #expect(read.chipData().items.map(\.tag.description) == Self.field55Order.filter { !["9F02", "5F2A", "9F10"].contains($0) })
    }

    @Test func noCardNumberTrackDataOrPrivateTagIsEverInIt() throws {
        let pan = "4761739001010010"
        let tap = try SimulatedTap(pan: pan, amount: 2500, currencyCode: 840, readAt: Date(), readerId: "rdr_1", pinToken: "pt_1")
        var read = tap.read
        // Everything sensitive a read can hold, including a PIN block.
        read.pinBlock = Data(repeating: 0x5A, count: 16)
        let chip = read.chipData()
        let allowed = Set(Self.field55Order)
        for item in chip.items {
            #expect(allowed.contains(item.tag.description), "\(item.tag)")
            #expect(!item.tag.isSensitive, "\(item.tag)")
        }
        let forbidden: [TLVTag] = [
            .applicationPAN, .track2EquivalentData, .applicationExpirationDate, .readId, .readTime, .readerId, .pinBlock, .pinToken,
        ]
        for tag in forbidden {
            #expect(chip.first(tag) == nil, "\(tag)")
        }
        let bytes = chip.encoded
        let hex = Hex.string(bytes)
        let track2 = try #require(read.track2)
        for secret in [CardRead.packPAN(pan), track2, Data(pan.utf8), Data(pan.suffix(10).utf8), Data(repeating: 0x5A, count: 16)] {
            #expect(bytes.range(of: secret) == nil)
        }
        #expect(!hex.contains(pan) && !hex.contains(pan.dropLast(4)))
        #expect(!hex.contains("DF81"))
    }

    @Test func track2TextIsField35() throws {
        var read = try SimulatedTap(pan: "4761739001010010", amount: nil, currencyCode: 840, readAt: Date(), readerId: "r").read
        // 16 + 1 + 12 nibbles: odd, so the reader padded with F, which field 35 drops.
        #expect(read.track2.map(Hex.string)?.hasSuffix("F") == true)
        #expect(read.track2Text == "4761739001010010=301220112345")
        read = try SimulatedTap(pan: "4761739001010010123", amount: nil, currencyCode: 840, readAt: Date(), readerId: "r").read
        #expect(read.track2Text == "4761739001010010123=301220112345")
        read.track2 = Data([0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0xD3, 0x01, 0x22])
        #expect(read.track2Text == "4242424242424242=30122")
    }

    @Test func track2TextIsNilWhenThereIsNoTrack2() throws {
        var read = try SimulatedTap(pan: "4761739001010010", amount: nil, currencyCode: 840, readAt: Date(), readerId: "r").read
        for bytes: [UInt8]? in [
            nil, [],
            [0x47, 0x61, 0x73, 0x90, 0x01, 0x01, 0x00, 0x10], // no separator
            [0x47, 0x61, 0xD3, 0x0D, 0x12], // two separators
            [0x47, 0x61, 0xD3, 0x0A, 0x1F], // a nibble that is neither a digit nor D
            [0x47, 0xF1, 0xD3, 0x01, 0x22], // F before the end
            [0x47, 0x61, 0xD3, 0x01, 0xFF], // more than one F
        ] {
            read.track2 = bytes.map { Data($0) }
            #expect(read.track2Text == nil, "\(bytes.map(Hex.string) ?? "nil")")
        }
    }

    @Test func printingAReadShowsNeitherTrack2NorItsText() throws {
        let read = try SimulatedTap(pan: "4761739001010010", amount: 100, currencyCode: 840, readAt: Date(), readerId: "r").read
        var dumped = ""
        dump(read, to: &dumped)
        for text in ["\(read)", String(reflecting: read), dumped, "\(read.chipData())"] {
            #expect(!text.contains("4761739001010010"), "\(text)")
            #expect(!text.contains("=3012"), "\(text)")
        }
    }
}
