import Foundation

/// Any JSON value but `null`: what a client may attach to a payment as
/// `additionalInformation` (Toro's `[String: Any]`), kept and returned as it was sent.
public indirect enum JSONValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Decimal)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a string, number, boolean, array or object")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// How deep the value nests: 1 for a string, number or boolean.
    public var depth: Int {
        switch self {
        case .string, .number, .bool: return 1
        case .array(let values): return 1 + (values.map(\.depth).max() ?? 0)
        case .object(let values): return 1 + (values.values.map(\.depth).max() ?? 0)
        }
    }
}
