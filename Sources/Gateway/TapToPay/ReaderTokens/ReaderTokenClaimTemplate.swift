import Foundation
import GatewayAPI

/// The claims of a signed reader token as the payment service provider writes them: a JSON
/// object whose string values may hold placeholders, so the provider fills in the claims
/// Apple specified without changing code. `{{issuedAt}}` and `{{expiresAt}}` alone as a value
/// become JSON numbers (seconds since 1970); inside a longer string, and every other
/// placeholder, they become text.
public struct ReaderTokenClaimTemplate: Sendable, Equatable {
    /// Every placeholder a template may use.
    public static let placeholders: [String] = [
        "merchantIdentifier", "merchantId", "deviceId", "issuer", "issuedAt", "expiresAt", "nonce",
    ]
    static let numericPlaceholders: Set<String> = ["issuedAt", "expiresAt"]

    let claims: [String: JSONValue]

    /// Whether some claim names the merchant's identifier at Apple: then a merchant without
    /// one gets no token.
    public let needsMerchantIdentifier: Bool
    /// Whether some claim names `{{issuer}}`: then the issuer must be configured.
    public let usesIssuer: Bool

    /// Reads a template; refuses anything but a JSON object, a `null` anywhere, and an
    /// unknown placeholder.
    public init(json: Data) throws(ReaderTokenClaimTemplateError) {
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: json) else {
            throw .notAJSONObject
        }
        var used: [String] = []
        for value in object.values { Self.collectPlaceholders(in: value, into: &used) }
        if let unknown = used.first(where: { !Self.placeholders.contains($0) }) {
            throw .unknownPlaceholder(unknown)
        }
        claims = object
        needsMerchantIdentifier = used.contains("merchantIdentifier")
        usesIssuer = used.contains("issuer")
    }

    /// The claims with every placeholder replaced by `values`.
    func filled(with values: [String: String]) -> [String: JSONValue] {
        claims.mapValues { Self.fill($0, values) }
    }

    private static func fill(_ value: JSONValue, _ values: [String: String]) -> JSONValue {
        switch value {
        case .string(let text):
            if let name = wholePlaceholder(text), numericPlaceholders.contains(name), let number = values[name].flatMap({ Decimal(string: $0) }) {
                return .number(number)
            }
            return .string(replacing(text, values))
        case .array(let items): return .array(items.map { fill($0, values) })
        case .object(let members): return .object(members.mapValues { fill($0, values) })
        case .number, .bool: return value
        }
    }

    private static func wholePlaceholder(_ text: String) -> String? {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return nil }
        let name = String(text.dropFirst(2).dropLast(2))
        return name.contains("{") || name.contains("}") ? nil : name
    }

    /// `text` with each `{{name}}` replaced by its value.
    private static func replacing(_ text: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            result += values[name] ?? ""
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    private static func collectPlaceholders(in value: JSONValue, into names: inout [String]) {
        switch value {
        case .string(let text):
            var rest = Substring(text)
            while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                names.append(String(rest[open.upperBound..<close.lowerBound]))
                rest = rest[close.upperBound...]
            }
        case .array(let items): for item in items { collectPlaceholders(in: item, into: &names) }
        case .object(let members): for member in members.values { collectPlaceholders(in: member, into: &names) }
        case .number, .bool: break
        }
    }
}

/// Why a claim template cannot be used.
public enum ReaderTokenClaimTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a JSON object of strings, numbers, booleans, arrays and objects (`null` is refused).
    case notAJSONObject
    /// A `{{name}}` that is not one of ``ReaderTokenClaimTemplate/placeholders``.
    case unknownPlaceholder(String)

    public var description: String {
        switch self {
        case .notAJSONObject:
            return "is not a JSON object of claims (strings, numbers, booleans, arrays and objects; no null)"
        case .unknownPlaceholder(let name):
            return "uses the unknown placeholder {{\(name)}}; the placeholders are "
                + ReaderTokenClaimTemplate.placeholders.map { "{{\($0)}}" }.joined(separator: ", ")
        }
    }
}
