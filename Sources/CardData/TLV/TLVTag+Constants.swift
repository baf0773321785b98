// The EMV tags Tapline reads, builds or has to recognise, named as in EMV 4.4 Book 3
// Annex A and the contactless kernel books, plus Tapline's own private tags (DF81xx).
// EMVTagDictionary holds the human-readable names used in descriptions.
extension TLVTag {
    // MARK: Card data

    /// 4F: the AID of the selected application.
    public static let applicationIdentifier = TLVTag(0x4F)
    /// 50: the application's mnemonic, e.g. "VISA CREDIT".
    public static let applicationLabel = TLVTag(0x50)
    /// 56: track 1 data (contactless magstripe). Sensitive.
    public static let track1Data = TLVTag(0x56)
    /// 57: track 2 equivalent data: PAN, expiry, service code and discretionary data. Sensitive.
    public static let track2EquivalentData = TLVTag(0x57)
    /// 5A: the PAN, BCD, padded with F. Sensitive.
    public static let applicationPAN = TLVTag(0x5A)
    /// 5F20: cardholder name, ASCII. Sensitive.
    public static let cardholderName = TLVTag(0x5F20)
    /// 5F24: application expiration date, n6 YYMMDD.
    public static let applicationExpirationDate = TLVTag(0x5F24)
    /// 5F28: issuer country code, n3 ISO 3166.
    public static let issuerCountryCode = TLVTag(0x5F28)
    /// 5F34: PAN sequence number, n2.
    public static let applicationPANSequenceNumber = TLVTag(0x5F34)
    /// 82: application interchange profile.
    public static let applicationInterchangeProfile = TLVTag(0x82)
    /// 84: dedicated file (DF) name, e.g. "2PAY.SYS.DDF01" or an AID.
    public static let dedicatedFileName = TLVTag(0x84)
    /// 9F10: issuer application data.
    public static let issuerApplicationData = TLVTag(0x9F10)
    /// 9F1F: track 1 discretionary data. Sensitive.
    public static let track1DiscretionaryData = TLVTag(0x9F1F)
    /// 9F20: track 2 discretionary data. Sensitive.
    public static let track2DiscretionaryData = TLVTag(0x9F20)
    /// 9F26: the application cryptogram (ARQC, TC or AAC).
    public static let applicationCryptogram = TLVTag(0x9F26)
    /// 9F27: cryptogram information data: which cryptogram 9F26 is.
    public static let cryptogramInformationData = TLVTag(0x9F27)
    /// 9F36: application transaction counter.
    public static let applicationTransactionCounter = TLVTag(0x9F36)
    /// 9F6B: track 2 data (Mastercard contactless magstripe). Sensitive.
    public static let track2Data = TLVTag(0x9F6B)
    /// 9F6E: form factor indicator (Visa) or third party data (Mastercard).
    public static let formFactorIndicator = TLVTag(0x9F6E)

    // MARK: Terminal and transaction data

    /// 8A: authorisation response code, an2, e.g. "00".
    public static let authorisationResponseCode = TLVTag(0x8A)
    /// 95: terminal verification results.
    public static let terminalVerificationResults = TLVTag(0x95)
    /// 9A: transaction date, n6 YYMMDD.
    public static let transactionDate = TLVTag(0x9A)
    /// 9B: transaction status information.
    public static let transactionStatusInformation = TLVTag(0x9B)
    /// 9C: transaction type, n2 (00 purchase, 20 refund).
    public static let transactionType = TLVTag(0x9C)
    /// 5F2A: transaction currency code, n3 ISO 4217 in 2 bytes.
    public static let transactionCurrencyCode = TLVTag(0x5F2A)
    /// 9F02: amount authorised, n12 in minor units.
    public static let amountAuthorised = TLVTag(0x9F02)
    /// 9F03: amount other (cashback), n12 in minor units.
    public static let amountOther = TLVTag(0x9F03)
    /// 9F1A: terminal country code, n3 ISO 3166.
    public static let terminalCountryCode = TLVTag(0x9F1A)
    /// 9F21: transaction time, n6 HHMMSS.
    public static let transactionTime = TLVTag(0x9F21)
    /// 9F33: terminal capabilities.
    public static let terminalCapabilities = TLVTag(0x9F33)
    /// 9F34: cardholder verification method results.
    public static let cvmResults = TLVTag(0x9F34)
    /// 9F35: terminal type.
    public static let terminalType = TLVTag(0x9F35)
    /// 9F37: unpredictable number, 4 random bytes from the terminal.
    public static let unpredictableNumber = TLVTag(0x9F37)

    // MARK: Templates

    /// 6F: file control information template, the answer to SELECT.
    public static let fciTemplate = TLVTag(0x6F)
    /// 70: READ RECORD response message template.
    public static let readRecordTemplate = TLVTag(0x70)
    /// 77: response message template format 2 (GPO, GENERATE AC).
    public static let responseTemplateFormat2 = TLVTag(0x77)
    /// 80: response message template format 1. Primitive: the fields are concatenated
    /// without tags.
    public static let responseTemplateFormat1 = TLVTag(0x80)
    /// A5: FCI proprietary template.
    public static let fciProprietaryTemplate = TLVTag(0xA5)
    /// BF0C: FCI issuer discretionary data.
    public static let fciIssuerDiscretionaryData = TLVTag(0xBF0C)
    /// E1: Tapline's private constructed template. Known so it is named in descriptions.
    public static let taplineTemplate = TLVTag(0xE1)

    // MARK: Tapline private tags

    /// DF8101: Tapline read id, ASCII.
    public static let readId = TLVTag(0xDF8101)
    /// DF8102: when the card was read, Unix time in milliseconds, 8-byte unsigned big-endian.
    public static let readTime = TLVTag(0xDF8102)
    /// DF8103: the card reader's id, ASCII.
    public static let readerId = TLVTag(0xDF8103)
    /// DF8104: the enciphered PIN block, ISO 9564 format 4, 16 bytes. Sensitive.
    public static let pinBlock = TLVTag(0xDF8104)
    /// DF8105: Tapline PIN token, ASCII.
    public static let pinToken = TLVTag(0xDF8105)
    /// DF8106: the masked PAN, ASCII, e.g. "424242******4242".
    public static let maskedPAN = TLVTag(0xDF8106)
    /// DF8107: card brand, ASCII.
    public static let cardBrand = TLVTag(0xDF8107)
    /// DF8108: card funding, ASCII: "credit", "debit" or "prepaid".
    public static let cardFunding = TLVTag(0xDF8108)
}
