import Foundation

/// The optional EMV tags a read carries for the acquirer (ISO 8583 fields 23 and 55),
/// checked when read so that a malformed one is refused here rather than by the host.
extension CardRead {
    /// Tag 9A for `date`: YYMMDD in UTC as 3 BCD bytes. UTC because Tapline keeps no
    /// merchant time zone, as for ISO 8583 fields 12 and 13.
    public static func transactionDate(for date: Date) -> Data {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let value = (parts.year ?? 0) % 100 * 10_000 + (parts.month ?? 1) * 100 + (parts.day ?? 1)
        return EMVNumeric.encode(UInt64(value), digits: 6) ?? Data(count: 3)
    }

    /// Reads 9F27, 9F37, 9F1A, 9A, 82, 84 and 5F34, each when present.
    mutating func readChipTags(_ list: TLVList) throws(CardReadError) {
        func bytes(_ tag: TLVTag, _ lengths: ClosedRange<Int>, _ reason: String) throws(CardReadError) -> Data? {
            guard let value = list.value(tag) else { return nil }
            guard lengths.contains(value.count) else { throw .invalidTag(tag, reason) }
            return value
        }
        cryptogramInformationData = try bytes(.cryptogramInformationData, 1...1, "is not 1 byte")
        unpredictableNumber = try bytes(.unpredictableNumber, 4...4, "is not 4 bytes")
        applicationInterchangeProfile = try bytes(.applicationInterchangeProfile, 2...2, "is not 2 bytes")
        dedicatedFileName = try bytes(.dedicatedFileName, 5...16, "is not 5 to 16 bytes (an AID)")
        if let value = try bytes(.terminalCountryCode, 2...2, "is not n3 (2 BCD bytes)") {
            guard let code = EMVNumeric.decode(value), code <= 999 else {
                throw .invalidTag(.terminalCountryCode, "is not n3 (2 BCD bytes)")
            }
            terminalCountryCode = Int(code)
        }
        if let value = try bytes(.transactionDate, 3...3, "is not a YYMMDD date (3 BCD bytes)") {
            guard let date = EMVNumeric.decode(value), (1...12).contains(date / 100 % 100), (1...31).contains(date % 100) else {
                throw .invalidTag(.transactionDate, "is not a YYMMDD date (3 BCD bytes)")
            }
            transactionDate = value
        }
        if let value = try bytes(.applicationPANSequenceNumber, 1...1, "is not n2 (1 BCD byte)") {
            guard let number = EMVNumeric.decode(value) else {
                throw .invalidTag(.applicationPANSequenceNumber, "is not n2 (1 BCD byte)")
            }
            panSequenceNumber = Int(number)
        }
    }

    // The numeric tags' values as EMV writes them; nil when absent or out of range (a
    // negative or too large number is left out rather than written wrong).

    var encodedAmount: Data? { amount.flatMap { EMVNumeric.encode($0, digits: 12) } }

    var encodedCurrencyCode: Data? { Self.numeric(currencyCode, digits: 4) }

    var encodedTerminalCountryCode: Data? { Self.numeric(terminalCountryCode, digits: 3) }

    var encodedPANSequenceNumber: Data? { Self.numeric(panSequenceNumber, digits: 2) }

    private static func numeric(_ value: Int?, digits: Int) -> Data? {
        guard let value, let unsigned = UInt64(exactly: value) else { return nil }
        return EMVNumeric.encode(unsigned, digits: digits)
    }
}
