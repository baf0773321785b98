@testable import Gateway
import Foundation
import Yams

/// The served OpenAPI document read as data: its operations, and the schema of each
/// documented response, for comparing it with the router and validating replies.
struct OpenAPISpec: @unchecked Sendable {
    /// One operation: an upper-case method and a path template as the document writes it (`/v1/transactions/{id}`).
    struct Operation: Hashable, Sendable, CustomStringConvertible {
        var method: String
        var path: String
        var description: String { "\(method) \(path)" }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// Read once per test process.
    static let shared: OpenAPISpec = {
        do {
            return try OpenAPISpec(yaml: OpenAPIDocument.yaml)
        } catch {
            fatalError("the OpenAPI document does not parse: \(error)")
        }
    }()

    let root: [String: Any]
    let operations: Set<Operation>

    init(yaml: String) throws {
        guard let loaded = try Yams.load(yaml: yaml), let root = Self.plain(loaded) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.root = root
        let paths = root["paths"] as? [String: Any] ?? [:]
        operations = Set(paths.flatMap { path, item in
            ((item as? [String: Any]) ?? [:]).keys.filter(Self.methods.contains).map { Operation(method: $0.uppercased(), path: path) }
        })
    }

    var validator: JSONSchemaValidator { JSONSchemaValidator(root: root) }

    /// The operation a concrete request path falls under: a template segment `{x}` matches
    /// any segment, and a literal segment wins over a parameter (`/v1/transactions/refund`
    /// is the refund route, not a transaction's details).
    func operation(method: String, path: String) -> Operation? {
        let segments = path.split(separator: "?", maxSplits: 1).first.map { $0.split(separator: "/", omittingEmptySubsequences: false) } ?? []
        let candidates = operations.filter { operation in
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: false)
            return operation.method == method.uppercased() && template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
        return candidates.max { literals($0) < literals($1) }
    }

    private func literals(_ operation: Operation) -> Int { operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.count }

    /// The JSON schema of `operation`'s answer with `status` (else its `default`), or nil
    /// when the document has no such response or it is not JSON.
    /// The names of the query parameters the document gives `operation` (its own and its
    /// path's, `$ref`s resolved).
    func queryParameters(_ operation: Operation) -> Set<String> {
        let item = (root["paths"] as? [String: Any])?[operation.path] as? [String: Any] ?? [:]
        let own = (item[operation.method.lowercased()] as? [String: Any])?["parameters"] as? [Any] ?? []
        let shared = item["parameters"] as? [Any] ?? []
        return Set((shared + own).compactMap { parameter -> String? in
            var parameter = parameter as? [String: Any] ?? [:]
            if let reference = parameter["$ref"] as? String, let target = validator.resolve(reference) as? [String: Any] { parameter = target }
            return parameter["in"] as? String == "query" ? parameter["name"] as? String : nil
        })
    }

    func responseSchema(_ operation: Operation, status: Int) -> Any?? {
        let item = (root["paths"] as? [String: Any])?[operation.path] as? [String: Any]
        let responses = (item?[operation.method.lowercased()] as? [String: Any])?["responses"] as? [String: Any] ?? [:]
        guard var response = responses[String(status)] ?? responses["default"] else { return .none }
        if let reference = (response as? [String: Any])?["$ref"] as? String, let target = validator.resolve(reference) {
            response = target
        }
        let content = (response as? [String: Any])?["content"] as? [String: Any]
        return .some((content?["application/json"] as? [String: Any])?["schema"])
    }

    /// YAML's values as JSONSerialization gives them: string keys, dates and other scalars as text.
    static func plain(_ value: Any) -> Any {
        switch value {
        case let mapping as [AnyHashable: Any]:
            return Dictionary(uniqueKeysWithValues: mapping.map { ("\($0.key.base)", plain($0.value)) })
        case let mapping as [String: Any]:
            return mapping.mapValues(plain)
        case let sequence as [Any]:
            return sequence.map(plain)
        case is String, is Int, is Double, is Bool, is NSNull:
            return value
        default:
            return "\(value)"
        }
    }
}
