import Foundation
import Storage

/// The merchant's locale setting (``PaymentSettings/locale``): which BCP 47 tags it takes.
enum MerchantLocale {
    /// ICU's locales, by their identifiers with "_" ("de_DE"), read once.
    private static let known = Set(Locale.availableIdentifiers)

    /// Whether `tag` is a language, with a script or region or both, that the gateway can
    /// format for: "en-US", "de-DE", "zh-Hant-TW", "fr". Written with hyphens, as BCP 47 has
    /// them; at most 35 characters.
    static func isKnown(_ tag: String) -> Bool {
        guard !tag.isEmpty, tag.utf8.count <= 35, tag.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return false }
        return known.contains(tag.replacingOccurrences(of: "-", with: "_"))
    }

    /// The settings' locale, or en-US.
    static func locale(of settings: PaymentSettings) -> Locale {
        Locale(identifier: (settings.locale ?? PaymentSettings.defaultLocale).replacingOccurrences(of: "-", with: "_"))
    }
}
