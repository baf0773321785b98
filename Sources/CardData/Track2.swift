/// Track 2 of a magnetic stripe (ISO/IEC 7813) as a swipe reads it: `;PAN=YYMMSSS…?`,
/// the sentinels optional, `D` accepted for the separator (as in EMV tag 57's text).
///
/// Only the card it names is kept (``card``); the text itself is sensitive (it is enough to
/// clone the stripe): never log or store it. ``field35Text`` is what an acquirer gets.
public struct Track2: Sendable, Equatable {
    /// The card: PAN and expiry from the track, no security code (a stripe has none).
    public let card: KeyedCard
    /// The track normalised for ISO 8583 field 35: digits with one `=`, no sentinels.
    public let field35Text: String

    /// At most 37 characters between the sentinels (ISO/IEC 7813).
    public static let maxLength = 37

    public init(_ text: String) throws(CardDataError) {
        var body = Substring(text)
        if body.hasPrefix(";") { body = body.dropFirst() }
        if body.hasSuffix("?") { body = body.dropLast() }
        let normalised = String(body.map { $0 == "D" || $0 == "d" ? "=" : $0 })
        guard normalised.count <= Self.maxLength,
              normalised.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "=" }) else { throw .invalidTrack2 }
        let parts = normalised.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count >= 4 else { throw .invalidTrack2 }
        let expiry = parts[1].prefix(4)
        guard let year = Int(expiry.prefix(2)), let month = Int(expiry.suffix(2)) else { throw .invalidTrack2 }
        card = try KeyedCard(pan: String(parts[0]), expiryMonth: month, expiryYear: year)
        field35Text = normalised
    }
}

extension Track2: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "Track2(\(card.maskedPAN))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["card": card], displayStyle: .struct) }
}
