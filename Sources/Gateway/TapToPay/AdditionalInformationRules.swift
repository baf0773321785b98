import Foundation
import GatewayAPI

/// How much an app may attach to a payment as `additionalInformation`: it is stored with
/// the payment and shown on every read of it, so it is bounded.
enum AdditionalInformationRules {
    static let maxKeys = 32
    static let maxDepth = 4
    static let maxBytes = 4096
    static let maxKeyLength = 64

    /// The value as compact JSON text (keys sorted), or nil when there is none; a value over
    /// a bound is refused naming the field.
    static func encoded(_ information: [String: JSONValue]?) throws -> String? {
        guard let information else { return nil }
        let field = "additionalInformation"
        guard information.count <= maxKeys else {
            throw GatewayFailure.invalid(field, "\(field) may have at most \(maxKeys) keys, not \(information.count)")
        }
        if let key = information.keys.first(where: { $0.isEmpty || $0.count > maxKeyLength }) {
            throw GatewayFailure.invalid("\(field).\(key.prefix(maxKeyLength))", "each key of \(field) must be 1 to \(maxKeyLength) characters")
        }
        guard JSONValue.object(information).depth <= maxDepth else {
            throw GatewayFailure.invalid(field, "\(field) may nest at most \(maxDepth) levels deep")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(information)
        guard data.count <= maxBytes else {
            throw GatewayFailure.invalid(field, "\(field) may be at most \(maxBytes) bytes as JSON, not \(data.count)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
