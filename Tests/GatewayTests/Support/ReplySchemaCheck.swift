import Foundation
import HTTPTypes
import Testing

/// Every JSON reply an in-process route test gets is checked against the OpenAPI document:
/// the operation it answers must document its status, and the body must be valid under that
/// response's schema. A route test thus also proves the document describes what it saw.
enum ReplySchemaCheck {
    /// Where the reply breaks the document; empty when it does not, or when the path is no
    /// operation of the document (a test of an unknown path's 404).
    static func problems(method: HTTPRequest.Method, path: String, reply: TestReply) -> [String] {
        guard reply.headers[.contentType]?.hasPrefix("application/json") == true, !reply.body.isEmpty else { return [] }
        let spec = OpenAPISpec.shared
        guard let operation = spec.operation(method: method.rawValue, path: path) else { return [] }
        guard let documented = spec.responseSchema(operation, status: reply.status) else {
            return ["\(operation) answered \(reply.status), which the document does not list"]
        }
        guard let schema = documented else { return ["\(operation) \(reply.status) has no JSON schema in the document"] }
        guard let body = try? JSONSerialization.jsonObject(with: reply.body, options: .fragmentsAllowed) else {
            return ["\(operation) \(reply.status) answered a body that is not JSON"]
        }
        return spec.validator.errors(body, against: schema).map { "\(operation) \(reply.status): \($0)" }
    }

    /// Records each problem as a test issue, pointing at the test that sent the request.
    static func record(method: HTTPRequest.Method, path: String, reply: TestReply, sourceLocation: SourceLocation) {
        for problem in problems(method: method, path: path, reply: reply) {
            Issue.record("reply does not match the OpenAPI document: \(problem)\n\(reply.text.prefix(400))", sourceLocation: sourceLocation)
        }
    }
}
