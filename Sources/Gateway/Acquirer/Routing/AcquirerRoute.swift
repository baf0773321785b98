import CardData
import PaymentCore

/// One routing rule (`[[route]]` in the acquirers file, docs/iso8583.md "Several
/// acquirers"): a new payment that meets every condition given goes to ``link``. A condition
/// left out meets every payment; a rule with none is refused when the file is read.
public struct AcquirerRoute: Sendable, Equatable {
    public var link: String
    public var brands: Set<CardBrand>?
    public var bins: [BINRange]?
    public var currencies: Set<Currency>?
    public var merchants: Set<String>?

    public init(link: String, brands: Set<CardBrand>? = nil, bins: [BINRange]? = nil,
                currencies: Set<Currency>? = nil, merchants: Set<String>? = nil) {
        self.link = link
        self.brands = brands
        self.bins = bins
        self.currencies = currencies
        self.merchants = merchants
    }

    var hasConditions: Bool { brands != nil || bins != nil || currencies != nil || merchants != nil }

    func matches(_ facts: RouteFacts) -> Bool {
        if let brands, !brands.contains(facts.brand) { return false }
        if let bins {
            guard let prefix = facts.binPrefix, bins.contains(where: { $0.contains(prefix: prefix) }) else { return false }
        }
        if let currencies, !currencies.contains(facts.currency) { return false }
        if let merchants, !merchants.contains(facts.merchantId) { return false }
        return true
    }
}
