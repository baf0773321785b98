import Foundation
import Storage

/// What a merchant profile may hold: short printable text, an email with an @, an http(s)
/// website, a two-letter country. Receipts print it, so nothing else gets in.
enum MerchantProfileRules {
    static let maxLength = 120

    static func check(_ profile: MerchantProfile) throws {
        let parts: [(String, String?)] = [
            ("addressLine1", profile.addressLine1), ("addressLine2", profile.addressLine2), ("city", profile.city),
            ("state", profile.state), ("postalCode", profile.postalCode), ("country", profile.country),
            ("phoneNumber", profile.phoneNumber), ("emailAddress", profile.emailAddress), ("website", profile.website),
        ]
        for (field, value) in parts {
            guard let value, !value.isEmpty else { continue }
            guard value.count <= maxLength, value.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
                throw AdminError.invalidSetting(field: field, message: "\(field) must be 1 to \(maxLength) characters without control characters")
            }
        }
        if let country = profile.country, !country.isEmpty,
           !(country.count == 2 && country.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })) {
            throw AdminError.invalidSetting(field: "country", message: "country must be an ISO 3166-1 alpha-2 code such as US")
        }
        if let email = profile.emailAddress, !email.isEmpty, email.split(separator: "@").count != 2 || email.hasSuffix("@") {
            throw AdminError.invalidSetting(field: "emailAddress", message: "emailAddress must look like name@example.com")
        }
        if let website = profile.website, !website.isEmpty {
            let url = URL(string: website)
            guard let scheme = url?.scheme?.lowercased(), ["http", "https"].contains(scheme), url?.host != nil else {
                throw AdminError.invalidSetting(field: "website", message: "website must be an absolute http(s) URL")
            }
        }
        if let phone = profile.phoneNumber, !phone.isEmpty,
           !phone.allSatisfy({ $0.isNumber || " +-().".contains($0) }) || !phone.contains(where: \.isNumber) {
            throw AdminError.invalidSetting(field: "phoneNumber", message: "phoneNumber may hold digits, spaces and + - ( ) . only")
        }
    }

    /// `current` with the parts `change` sets: a value replaces, "" clears, nil keeps.
    static func apply(_ change: MerchantProfile, to current: MerchantProfile) -> MerchantProfile {
        var profile = current
        let paths: [WritableKeyPath<MerchantProfile, String?>] = [
            \.addressLine1, \.addressLine2, \.city, \.state, \.postalCode, \.country, \.phoneNumber, \.emailAddress, \.website,
        ]
        for path in paths {
            guard let value = change[keyPath: path] else { continue }
            profile[keyPath: path] = value.isEmpty ? nil : value
        }
        return profile
    }
}
