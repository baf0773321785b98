import Foundation
import GatewayAPI
import Hummingbird
import NIOCore

/// The gateway's JSON handling, on the conventions of ``APIJSON`` that the SDK shares.
enum JSONCoding {
    static let encoder: JSONEncoder = APIJSON.encoder
    static let decoder: JSONDecoder = APIJSON.decoder

    /// Largest request body the gateway reads.
    static let maxBodySize = 1 << 20

    /// Decodes a JSON body, turning every decoding failure into a 400 that names the field.
    static func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws -> T {
        let data = Data(buffer: body)
        guard !data.isEmpty else { throw GatewayError.invalid("body", "the request body must be a JSON object", code: .invalidJSON) }
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            let decimalFields = (type as? any DecimalFields.Type)?.decimalFields ?? []
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               let field = fractionalNumberPath(in: data, skipping: decimalFields) {
                // Foundation reports a fraction in an integer field as invalid JSON, without the field.
                throw GatewayError.invalid(field, "\(field) must be an integer (amounts are in minor units, e.g. 1234 for 12.34)")
            }
            throw GatewayError(decodingError: error)
        } catch {
            throw GatewayError.invalid("body", "the request body is not valid JSON", code: .invalidJSON)
        }
    }

    /// The dotted path of the first non-integral number in a valid JSON document, if any,
    /// outside the `skipping` fields (rates, which are decimals). Every other number of the
    /// canonical API is an integer, so that number is the field at fault.
    static func fractionalNumberPath(in data: Data, skipping decimalFields: Set<String> = []) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) else { return nil }
        func search(_ value: Any, _ path: [String]) -> String? {
            switch value {
            case let dictionary as [String: Any]:
                for key in dictionary.keys.sorted() where !decimalFields.contains(key) {
                    if let found = search(dictionary[key]!, path + [key]) { return found }
                }
            case let array as [Any]:
                for (index, element) in array.enumerated() {
                    if let found = search(element, path + [String(index)]) { return found }
                }
            case let number as NSNumber where !(value is Bool):
                let double = number.doubleValue
                if double.rounded() != double { return path.joined(separator: ".") }
            default:
                break
            }
            return nil
        }
        return search(object, []).flatMap { $0.isEmpty ? nil : $0 }
    }

    static func response(_ status: HTTPResponse.Status, _ value: some Encodable) throws -> Response {
        try response(status, data: encoder.encode(value))
    }

    static func response(_ status: HTTPResponse.Status, data: Data, extraHeaders: HTTPFields = [:]) -> Response {
        var headers = extraHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
    }
}

/// A request type with fields that take decimal numbers (rates); every other number in a
/// request is an integer.
protocol DecimalFields {
    /// The names of those fields (a list's name covers its elements).
    static var decimalFields: Set<String> { get }
}

extension GatewayError {
    /// Names the field a JSON decoding failure is about, with a message a developer can act on.
    init(decodingError: DecodingError) {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            let joined = keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return joined.isEmpty ? "body" : joined
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath, key)
            self = .invalid(field, "\(field) is required")
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            self = .invalid(field, "\(field) must be \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            self = .invalid(field, "\(field) must be \(Self.describe(type)), not null")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            if field == "body" {
                self = .invalid(field, "the request body is not valid JSON", code: .invalidJSON)
            } else {
                self = .invalid(field, "\(field) has an invalid value")
            }
        @unknown default:
            self = .invalid("body", "the request body could not be read", code: .invalidJSON)
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int64.Type, is Int.Type, is Int32.Type: return "an integer (amounts are in minor units, e.g. 1234 for 12.34)"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return "a valid \(type)"
        }
    }
}
