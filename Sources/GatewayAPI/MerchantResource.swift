/// The merchant as a receipt shows it (ARISE `merchantName`, `merchantAddress`,
/// `merchantPhoneNumber`, `merchantEmailAddress`, `merchantWebsite`); on one transaction's
/// details, not in lists.
public struct MerchantResource: Codable, Sendable, Equatable {
    public var name: String
    /// The address on one line ("1 Main St, Springfield, IL 62701, US").
    public var address: String?
    public var phoneNumber: String?
    public var emailAddress: String?
    public var website: String?

    public init(name: String, address: String? = nil, phoneNumber: String? = nil, emailAddress: String? = nil, website: String? = nil) {
        self.name = name
        self.address = address
        self.phoneNumber = phoneNumber
        self.emailAddress = emailAddress
        self.website = website
    }
}
