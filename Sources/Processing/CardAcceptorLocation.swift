/// Where the cardholder's statement says they paid: the merchant's name, city and country,
/// as its profile gives them (ISO 8583 field 43 lays them out).
public struct CardAcceptorLocation: Sendable, Equatable, Hashable {
    /// The merchant's name.
    public var name: String
    /// The merchant's city, when its profile has one.
    public var city: String?
    /// ISO 3166-1 alpha-2 country code, when its profile has one ("US").
    public var country: String?

    public init(name: String, city: String? = nil, country: String? = nil) {
        self.name = name
        self.city = city
        self.country = country
    }
}
