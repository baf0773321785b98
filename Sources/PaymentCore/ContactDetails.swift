/// The customer's contact details a payment keeps beside `customerName` ("First Last") and
/// `customerEmail` (ARISE `ContactInfoDto`): the name's parts, company, mobile number and
/// whether the customer asked for SMS notifications.
public struct ContactDetails: Sendable, Equatable, Codable {
    public var firstName: String?
    public var lastName: String?
    public var companyName: String?
    public var mobileNumber: String?
    /// Whether the customer wants SMS notifications (receipts) on ``mobileNumber``.
    public var smsNotification: Bool?

    public init(
        firstName: String? = nil, lastName: String? = nil, companyName: String? = nil, mobileNumber: String? = nil,
        smsNotification: Bool? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.companyName = companyName
        self.mobileNumber = mobileNumber
        self.smsNotification = smsNotification
    }

    /// Whether nothing is set, so a payment keeps no contact at all.
    public var isEmpty: Bool {
        firstName == nil && lastName == nil && companyName == nil && mobileNumber == nil && smsNotification == nil
    }
}
