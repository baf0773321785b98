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
    /// The body is checked as strict JSON first (``JSONBodyCheck``): duplicate keys, `null`
    /// outside the type's ``NullableFields``, deep nesting and text that is not UTF-8 are refused;
    /// then a field the type does not take is refused too (``UnknownFields``), never dropped.
    /// The check's tree of the body is what that comparison reads: the body is parsed once
    /// by the check and once by `JSONDecoder`, which still does the decoding (its errors name
    /// the fields, see ``GatewayError/init(decodingError:)``).
    static func decode<T: Codable>(_ type: T.Type, from body: ByteBuffer) throws -> T {
        let (decoded, sent) = try decodeChecked(type, from: body)
        if let field = try UnknownFields.first(in: sent, decoded: decoded) {
            throw GatewayError.unknownField(field)
        }
        return decoded
    }

    /// Refuses any field in a body the route does not read: nothing, or `{}`.
    static func requireNoFields(_ body: ByteBuffer) throws {
        guard body.readableBytes > 0 else { return }
        _ = try decode(NoFields.self, from: body)
    }

    /// The decoded value, and the body as the check read it.
    private static func decodeChecked<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws -> (value: T, body: JSONBodyValue) {
        let data = Data(buffer: body)
        guard !data.isEmpty else { throw GatewayError.invalid("body", "the request body must be a JSON object", code: .invalidJSON) }
        var check = JSONBodyCheck(
            nullableFields: (type as? any NullableFields.Type)?.nullableFields ?? [],
            decimalFields: (type as? any DecimalFields.Type)?.decimalFields ?? [])
        let tree: JSONBodyValue
        do {
            tree = try check.check(data)
        } catch {
            throw GatewayError(error)
        }
        do {
            return (try decoder.decode(type, from: data), tree)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let field = check.fractionalNumberPath {
                // Foundation reports a fraction in an integer field as invalid JSON, without the field.
                throw GatewayError.invalid(field, "\(field) must be an integer (amounts are in minor units, e.g. 1234 for 12.34)")
            }
            throw GatewayError(decodingError: error)
        } catch {
            throw GatewayError.invalid("body", "the request body is not valid JSON", code: .invalidJSON)
        }
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

/// A request type with fields where `null` means something (it clears a setting); every
/// other field refuses `null`, since a decoder would read it as "left out".
protocol NullableFields {
    /// The names of those fields.
    static var nullableFields: Set<String> { get }
}

extension GatewayError {
    /// A field of the body the route does not take: refused rather than silently dropped.
    static func unknownField(_ field: String) -> GatewayError {
        .invalid(field, "\(field) is not a field this request takes; remove it (see the API reference for the fields of this route)",
                 code: .unknownField)
    }

    /// A query parameter the route does not take.
    static func unknownQueryParameter(_ name: String) -> GatewayError {
        .invalid(name, "\(name) is not a query parameter of this route; remove it (see the API reference for its parameters)",
                 code: .unknownField)
    }

    /// What ``JSONBodyCheck`` refused, as a 400 naming the field.
    init(_ problem: JSONBodyCheck.Problem) {
        switch problem {
        case .invalid(let reason):
            self = .invalid("body", "the request body is not valid JSON: \(reason)", code: .invalidJSON)
        case .tooDeep:
            self = .invalid("body", "the request body nests objects and arrays deeper than \(JSONBodyCheck.maxDepth) levels", code: .invalidJSON)
        case .duplicateKey(let field):
            self = .invalid(field, "\(field) appears more than once; send each field once")
        case .null(let field):
            self = .invalid(field, "\(field) must not be null; leave it out to use its default")
        }
    }
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
