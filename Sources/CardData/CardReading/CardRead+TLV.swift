import Foundation

/// The BER-TLV plaintext of `paymentCardData`: EMV tags for the card and the tap, Tapline's
/// private DF81xx tags for the read id, read time, reader, PIN block and PIN token.
extension CardRead {
    /// Encodes the read as a flat TLV list, in a stable tag order.
    public func tlvList() -> TLVList {
        var items: [TLV] = [
            TLV(.readId, Data(readId.utf8)),
            TLV(.readTime, Self.bigEndian(UInt64(max(0, (readAt.timeIntervalSince1970 * 1000).rounded())))),
            TLV(.applicationPAN, Self.packPAN(pan)),
            TLV(.applicationExpirationDate, Self.expiryBytes(expiry)),
            TLV(.transactionType, Data([kind.rawValue])),
        ]
        func add(_ tag: TLVTag, _ value: Data?) { if let value { items.append(TLV(tag, value)) } }
        add(.readerId, readerId.map { Data($0.utf8) })
        add(.track2EquivalentData, track2)
        add(.applicationCryptogram, cryptogram)
        add(.applicationTransactionCounter, applicationTransactionCounter)
        add(.terminalVerificationResults, terminalVerificationResults)
        add(.issuerApplicationData, issuerApplicationData)
        add(.cvmResults, cvmResults)
        add(.amountAuthorised, encodedAmount)
        add(.transactionCurrencyCode, encodedCurrencyCode)
        add(.cryptogramInformationData, cryptogramInformationData)
        add(.unpredictableNumber, unpredictableNumber)
        add(.terminalCountryCode, encodedTerminalCountryCode)
        add(.transactionDate, transactionDate)
        add(.applicationInterchangeProfile, applicationInterchangeProfile)
        add(.dedicatedFileName, dedicatedFileName)
        add(.applicationPANSequenceNumber, encodedPANSequenceNumber)
        add(.pinBlock, pinBlock)
        add(.pinToken, pinToken.map { Data($0.utf8) })
        return TLVList(items)
    }

    /// Reads the TLV a reader sealed, checking every tag Tapline relies on. Tags added
    /// later (9F27, 9F37, 9F1A, 9A, 82, 84, 5F34) are optional, so reads sealed before
    /// them still open.
    public init(tlv list: TLVList) throws(CardReadError) {
        func required(_ tag: TLVTag) throws(CardReadError) -> Data {
            guard let value = list.value(tag) else { throw .missingTag(tag) }
            return value
        }
        func text(_ tag: TLVTag, maxLength: Int = 128) throws(CardReadError) -> String? {
            guard let value = list.value(tag) else { return nil }
            guard let text = String(data: value, encoding: .utf8), !text.isEmpty, text.count <= maxLength else {
                throw .invalidTag(tag, "is not 1 to \(maxLength) characters of text")
            }
            return text
        }
        guard let readId = try text(.readId) else { throw .missingTag(.readId) }
        let time = try required(.readTime)
        guard time.count == 8 else { throw .invalidTag(.readTime, "is not 8 bytes of Unix milliseconds") }
        let milliseconds = time.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard let pan = Self.unpackPAN(try required(.applicationPAN)), (try? PAN.validated(pan)) != nil else {
            throw .invalidTag(.applicationPAN, "is not a valid card number")
        }
        let expiry = try Self.expiry(try required(.applicationExpirationDate))
        let type = try required(.transactionType)
        guard type.count == 1, let kind = Kind(rawValue: type[type.startIndex]) else {
            throw .invalidTag(.transactionType, "is not 00 (purchase) or 20 (refund)")
        }
        self.init(readId: readId, readAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000), pan: pan, expiry: expiry, kind: kind)
        readerId = try text(.readerId)
        track2 = list.value(.track2EquivalentData)
        cryptogram = list.value(.applicationCryptogram)
        applicationTransactionCounter = list.value(.applicationTransactionCounter)
        terminalVerificationResults = list.value(.terminalVerificationResults)
        issuerApplicationData = list.value(.issuerApplicationData)
        cvmResults = list.value(.cvmResults)
        if let value = list.value(.amountAuthorised) {
            guard value.count == 6, let amount = EMVNumeric.decode(value) else { throw .invalidTag(.amountAuthorised, "is not n12") }
            self.amount = amount
        }
        if let value = list.value(.transactionCurrencyCode) {
            guard value.count == 2, let code = EMVNumeric.decode(value) else { throw .invalidTag(.transactionCurrencyCode, "is not n4") }
            currencyCode = Int(code)
        }
        guard (amount == nil) == (currencyCode == nil) else {
            throw .invalidTag(amount == nil ? .amountAuthorised : .transactionCurrencyCode, "must come with the amount's currency (9F02 with 5F2A)")
        }
        try readChipTags(list)
        pinBlock = list.value(.pinBlock)
        if let block = pinBlock, block.count != 16 { throw .invalidTag(.pinBlock, "is not 16 bytes (ISO 9564 format 4)") }
        // A PIN token signed by the provider (`--reader-tokens signed`) is a JWT of a few hundred characters.
        pinToken = try text(.pinToken, maxLength: 2048)
    }

    private static func bigEndian(_ value: UInt64) -> Data {
        Data((0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) })
    }

    /// EMV "cn" (tag 5A): BCD digits, an odd count padded with F.
    public static func packPAN(_ pan: String) -> Data {
        var nibbles = pan.utf8.map { $0 - 0x30 }
        if !nibbles.count.isMultiple(of: 2) { nibbles.append(0x0F) }
        return Data(stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] })
    }

    static func unpackPAN(_ data: Data) -> String? {
        var digits = ""
        for byte in data {
            for nibble in [byte >> 4, byte & 0x0F] {
                if nibble == 0x0F { continue }
                guard nibble <= 9 else { return nil }
                digits.append(Character(Unicode.Scalar(nibble + 0x30)))
            }
        }
        return digits.isEmpty ? nil : digits
    }

    /// YYMMDD, the day being the month's last (EMV 5F24).
    private static func expiryBytes(_ expiry: CardExpiry) -> Data {
        let lastDay = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][expiry.month - 1]
        return EMVNumeric.encode(UInt64((expiry.year % 100) * 10_000 + expiry.month * 100 + lastDay), digits: 6) ?? Data()
    }

    private static func expiry(_ data: Data) throws(CardReadError) -> CardExpiry {
        guard data.count == 3, let value = EMVNumeric.decode(data),
              let expiry = try? CardExpiry(month: Int(value / 100 % 100), year: Int(value / 10_000)) else {
            throw .invalidTag(.applicationExpirationDate, "is not a YYMMDD date")
        }
        return expiry
    }
}
