import CardData
import PaymentCore
import TOMLKit

/// The `[[route]]` tables of the acquirers file, in order: each names its `link` and at
/// least one condition (`brands`, `bins`, `currencies`, `merchants`).
enum AcquirerRouteTable {
    static func read(_ tables: [TOMLTable], path: String) throws(ConfigurationError) -> [AcquirerRoute] {
        var routes: [AcquirerRoute] = []
        for (index, table) in tables.enumerated() {
            let place = "the acquirers file \(path), [[route]] \(index + 1)"
            var keys = TOMLKeys(table: table, place: place)
            guard let link = try keys.string("link") else { throw .invalid("\(place) needs the link it sends to, as link = \"NAME\"") }
            var route = AcquirerRoute(link: link)
            route.brands = try keys.strings("brands").map { names throws(ConfigurationError) in
                Set(try names.map { name throws(ConfigurationError) in
                    guard let brand = CardBrand(rawValue: name.lowercased()), brand != .unknown else {
                        throw .invalid("\(place) brands: '\(name.prefix(32))' is not a card brand (brands: \(brandNames))")
                    }
                    return brand
                })
            }
            route.bins = try keys.strings("bins").map { texts throws(ConfigurationError) in
                try texts.map { text throws(ConfigurationError) in
                    guard let range = BINRange(text) else {
                        throw .invalid("\(place) bins: '\(text.prefix(32))' is not a BIN range: 1 to 8 digits, or two of one length as \"510000-559999\"")
                    }
                    return range
                }
            }
            route.currencies = try keys.strings("currencies").map { codes throws(ConfigurationError) in
                Set(try codes.map { code throws(ConfigurationError) in
                    guard let currency = Currency(code: code.uppercased()) else {
                        throw .invalid("\(place) currencies: '\(code.prefix(8))' is not an ISO 4217 currency code")
                    }
                    return currency
                })
            }
            route.merchants = try keys.strings("merchants").map(Set.init)
            try keys.finish()
            guard route.hasConditions else {
                throw .invalid("\(place) has no condition: give brands, bins, currencies or merchants (a default link is `default`)")
            }
            for (name, set) in [("brands", route.brands?.count), ("bins", route.bins?.count), ("currencies", route.currencies?.count), ("merchants", route.merchants?.count)]
            where set == 0 {
                throw .invalid("\(place) \(name) is empty: it would match nothing; remove it or name at least one")
            }
            routes.append(route)
        }
        return routes
    }

    private static var brandNames: String {
        CardBrand.allCases.filter { $0 != .unknown }.map(\.rawValue).joined(separator: ", ")
    }
}
