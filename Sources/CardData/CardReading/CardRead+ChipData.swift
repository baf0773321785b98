import Foundation

/// What an acquirer gets of a tap over ISO 8583: the chip data of field 55 and the track 2
/// text of field 35 (docs/iso8583.md, "Operations").
extension CardRead {
    /// The tags of ISO 8583 field 55, in the order the profile lists them, each only when
    /// the read has it: 9F26, 9F27, 9F10, 9F37, 9F36, 95, 9A, 9C, 9F02, 5F2A, 82, 9F1A,
    /// 9F34, 84. Its ``TLVList/encoded`` bytes are the field's value.
    ///
    /// Built from named properties rather than by filtering the sealed TLV, so it can never
    /// carry the PAN (5A), track 2 (57), the expiry (5F24) or a Tapline private tag (DF81xx,
    /// such as the PIN block), whatever a reader put in its payload.
    public func chipData() -> TLVList {
        var items: [TLV] = []
        func add(_ tag: TLVTag, _ value: Data?) { if let value { items.append(TLV(tag, value)) } }
        add(.applicationCryptogram, cryptogram)
        add(.cryptogramInformationData, cryptogramInformationData)
        add(.issuerApplicationData, issuerApplicationData)
        add(.unpredictableNumber, unpredictableNumber)
        add(.applicationTransactionCounter, applicationTransactionCounter)
        add(.terminalVerificationResults, terminalVerificationResults)
        add(.transactionDate, transactionDate)
        add(.transactionType, Data([kind.rawValue]))
        add(.amountAuthorised, encodedAmount)
        add(.transactionCurrencyCode, encodedCurrencyCode)
        add(.applicationInterchangeProfile, applicationInterchangeProfile)
        add(.terminalCountryCode, encodedTerminalCountryCode)
        add(.cvmResults, cvmResults)
        add(.dedicatedFileName, dedicatedFileName)
        return TLVList(items)
    }

    /// Tag 57 as ISO 8583 field 35 text: each nibble as a digit, the `D` separator as `=`,
    /// the trailing `F` pad (odd length) dropped, e.g. "4761739001010010=30122011234".
    ///
    /// Sensitive, like ``track2``: it holds the PAN and the expiry. Never log or store it;
    /// ISO 8583 messages print field 35 as its length only.
    ///
    /// Nil when the read has no tag 57, or when it is not track 2 (a nibble other than a
    /// digit or the one separator, or an `F` anywhere but last).
    public var track2Text: String? {
        guard let track2, !track2.isEmpty else { return nil }
        var nibbles = track2.flatMap { [$0 >> 4, $0 & 0x0F] }
        if nibbles.last == 0x0F { nibbles.removeLast() }
        var characters: [UInt8] = []
        characters.reserveCapacity(nibbles.count)
        for nibble in nibbles {
            switch nibble {
            case 0...9: characters.append(UInt8(ascii: "0") + nibble)
            case 0x0D: characters.append(UInt8(ascii: "="))
            default: return nil
            }
        }
        guard characters.filter({ $0 == UInt8(ascii: "=") }).count == 1 else { return nil }
        return String(decoding: characters, as: UTF8.self)
    }
}
