/// What a receipt says about the merchant besides its name (ARISE `merchantAddress`,
/// `merchantPhoneNumber`, `merchantEmailAddress`, `merchantWebsite`): card schemes want the
/// merchant's location on a receipt. Every part may be absent; `tapline merchant profile`
/// sets them.
public struct MerchantProfile: Sendable, Equatable, Codable {
    public var addressLine1: String?
    public var addressLine2: String?
    public var city: String?
    public var state: String?
    public var postalCode: String?
    /// ISO 3166-1 alpha-2 ("US").
    public var country: String?
    public var phoneNumber: String?
    public var emailAddress: String?
    public var website: String?

    public init(addressLine1: String? = nil, addressLine2: String? = nil, city: String? = nil, state: String? = nil,
                postalCode: String? = nil, country: String? = nil, phoneNumber: String? = nil, emailAddress: String? = nil,
                website: String? = nil) {
        self.addressLine1 = addressLine1
        self.addressLine2 = addressLine2
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.phoneNumber = phoneNumber
        self.emailAddress = emailAddress
        self.website = website
    }

    /// The address on one line as a receipt prints it ("1 Main St, Suite 2, Springfield, IL
    /// 62701, US"); nil when no part is set.
    public var formattedAddress: String? {
        let cityLine = [city, [state, postalCode].compactMap { $0 }.joined(separator: " ")].compactMap { $0 }.filter { !$0.isEmpty }
        let parts = [addressLine1, addressLine2, cityLine.isEmpty ? nil : cityLine.joined(separator: ", "), country].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
