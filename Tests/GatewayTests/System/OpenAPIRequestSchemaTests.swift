import Foundation
import PaymentCore
import Testing

/// The request schemas state what the code enforces, so a client generated from the document
/// (and schemathesis' positive and negative checks) agree with the gateway.
@Suite("The document's request schemas are as strict as the code")
struct OpenAPIRequestSchemaTests {
    /// Every object schema a request body reaches, by where it was found.
    static func requestObjects() -> [(where: String, schema: [String: Any])] {
        let spec = OpenAPISpec.shared
        var found: [(String, [String: Any])] = []
        var seen: Set<String> = []
        func visit(_ node: Any, at place: String) {
            if let list = node as? [Any] { for item in list { visit(item, at: place) }; return }
            guard let schema = node as? [String: Any] else { return }
            if let reference = schema["$ref"] as? String {
                guard seen.insert(reference).inserted, let target = spec.validator.resolve(reference) else { return }
                return visit(target, at: reference)
            }
            if schema["properties"] != nil { found.append((place, schema)) }
            for (name, value) in schema["properties"] as? [String: Any] ?? [:] { visit(value, at: "\(place).\(name)") }
            // Not into `if`/`then`/`else`/`not`: those hold conditions on the object's own properties.
            for keyword in ["items", "anyOf", "oneOf"] { schema[keyword].map { visit($0, at: place) } }
            // An `allOf` narrows a closed object it names (`CardPaymentRequest`): its inline
            // parts are more conditions on that object's properties, not objects of their own.
            for part in schema["allOf"] as? [Any] ?? [] {
                guard let inline = part as? [String: Any], inline["$ref"] == nil else { visit(part, at: place); continue }
                for (name, value) in inline["properties"] as? [String: Any] ?? [:] { visit(value, at: "\(place).\(name)") }
            }
        }
        let paths = spec.root["paths"] as? [String: Any] ?? [:]
        for (path, item) in paths {
            for (method, operation) in item as? [String: Any] ?? [:] {
                guard var body = (operation as? [String: Any])?["requestBody"] as? [String: Any] else { continue }
                if let reference = body["$ref"] as? String { body = spec.validator.resolve(reference) as? [String: Any] ?? [:] }
                let json = (body["content"] as? [String: Any])?["application/json"] as? [String: Any]
                visit(json?["schema"] as Any, at: "\(method.uppercased()) \(path)")
            }
        }
        return found
    }

    /// A field the code does not take is 400 naming it: every request object says so.
    @Test func everyRequestObjectIsClosed() {
        #expect(Self.requestObjects().count > 20)
        for (place, schema) in Self.requestObjects() {
            #expect(schema["additionalProperties"] as? Bool == false, "\(place)")
        }
    }

    /// Every amount a request sends is at most the largest amount the code takes.
    @Test func everyRequestAmountHasTheCodesMaximum() {
        var amounts = 0
        for (place, schema) in Self.requestObjects() {
            for (name, property) in schema["properties"] as? [String: Any] ?? [:] {
                guard let property = property as? [String: Any], property["format"] as? String == "int64" else { continue }
                amounts += 1
                let maximum = (property["maximum"] as? Int).map(Int64.init) ?? property["maximum"] as? Int64
                #expect(maximum == Money.largestMinorUnits, "\(place).\(name)")
                #expect(property["minimum"] != nil, "\(place).\(name)")
            }
        }
        #expect(amounts > 20)
    }

    /// `CurrencyCode` takes exactly the currencies the code knows, in any case.
    @Test func theCurrencyPatternIsTheCodesCurrencies() throws {
        let schema = try #require(OpenAPISpec.shared.validator.resolve("#/components/schemas/CurrencyCode"))
        let validator = OpenAPISpec.shared.validator
        for currency in Currency.all {
            #expect(validator.errors(currency.code, against: schema).isEmpty, "\(currency.code)")
            #expect(validator.errors(currency.code.lowercased(), against: schema).isEmpty, "\(currency.code)")
        }
        let pattern = try #require((schema as? [String: Any])?["pattern"] as? String)
        #expect(pattern.split(separator: "|").count == Currency.all.count, "one alternative per currency")
        for unknown in ["XXX", "US", "USDD", "ABC"] { #expect(!validator.errors(unknown, against: schema).isEmpty, "\(unknown)") }
    }
}
