import Foundation
import Processing

/// Field 43, card acceptor name/location, as ISO 8583:1987 lays out its 40 characters: the
/// name in 25, the city in 13, the country (ISO 3166-1 alpha-2) in 2, each space-padded and
/// cut to its width. Letters with accents lose them ("Café" becomes "Cafe"); any other
/// character outside ans (printable ASCII) becomes a space, so a profile can never make the
/// field unsendable.
enum ISO8583AcceptorLocation {
    static let nameWidth = 25
    static let cityWidth = 13
    static let countryWidth = 2

    static func field43(_ location: CardAcceptorLocation) -> String {
        let country = location.country.map(printable) ?? ""
        let twoLetters = country.utf8.count == countryWidth && country.allSatisfy(\.isLetter) ? country.uppercased() : ""
        return fitted(location.name, nameWidth) + fitted(location.city ?? "", cityWidth) + fitted(twoLetters, countryWidth)
    }

    /// `text` as printable ASCII, cut or space-padded to `width`.
    private static func fitted(_ text: String, _ width: Int) -> String {
        let kept = String(printable(text).prefix(width))
        return kept + String(repeating: " ", count: width - kept.count)
    }

    private static func printable(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        let scalars = folded.unicodeScalars.map { (0x20...0x7E).contains($0.value) ? Character($0) : " " }
        return String(scalars)
    }
}
