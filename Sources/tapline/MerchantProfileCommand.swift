import ArgumentParser
import Foundation
import Gateway
import Storage

/// `tapline merchant profile`: prints a merchant's receipt profile as JSON, after changing
/// the parts given as options ("" clears one).
struct MerchantProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show a merchant's address and contact details for receipts, or change them.",
        discussion: """
            Without options, prints the profile. Example:
              tapline merchant profile --merchant ID --address-line1 "1 Main St" --city Springfield --state IL \\
                --postal-code 62701 --country US --phone "+1 217 555 0100" --email shop@example.com --website https://shop.example.com
            """)

    @Option(name: [.customLong("merchant"), .customLong("merchant-id")], help: "The merchant.") var merchantId: String
    @Option var addressLine1: String?
    @Option var addressLine2: String?
    @Option var city: String?
    @Option var state: String?
    @Option var postalCode: String?
    @Option(help: "ISO 3166-1 alpha-2 code (US).") var country: String?
    @Option var phone: String?
    @Option var email: String?
    @Option(help: "An absolute http(s) URL.") var website: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let change = MerchantProfile(
            addressLine1: addressLine1, addressLine2: addressLine2, city: city, state: state, postalCode: postalCode, country: country,
            phoneNumber: phone, emailAddress: email, website: website)
        let profile = try await store.withAdmin { admin in
            change == MerchantProfile()
                ? try await admin.profile(merchantId: merchantId) : try await admin.updateProfile(merchantId: merchantId, change)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(profile), as: UTF8.self))
    }
}
