/// A billing or shipping address as a payment keeps it (ARISE `AddressDto`). Every part is
/// optional; the gateway checks lengths where it takes one (``maxTextLength``).
public struct PostalAddress: Sendable, Equatable, Codable {
    public var line1: String?
    public var line2: String?
    public var city: String?
    /// Postal (ZIP) code: what address verification compares first.
    public var postalCode: String?
    public var stateName: String?
    /// ARISE's numeric state id.
    public var stateId: Int?
    /// ARISE's numeric country id (ISO 3166-1 numeric, 840 for the United States).
    public var countryId: Int?

    /// Longest line, city or state name kept; a postal code is at most ``maxPostalCodeLength``.
    public static let maxTextLength = 100
    public static let maxPostalCodeLength = 16

    public init(
        line1: String? = nil, line2: String? = nil, city: String? = nil, postalCode: String? = nil, stateName: String? = nil,
        stateId: Int? = nil, countryId: Int? = nil
    ) {
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.postalCode = postalCode
        self.stateName = stateName
        self.stateId = stateId
        self.countryId = countryId
    }

    /// Whether there is anything address verification can check: a street line or a postal code.
    public var isVerifiable: Bool { line1 != nil || postalCode != nil }
}
