import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The check's tree is what the unknown-field comparison reads, so it must hold the body as
/// sent: members in order with their escapes read, numbers as their text, `null` kept.
@Suite("The JSON body check's tree")
struct JSONBodyValueTests {
    @Test func theCheckReturnsTheBodyAsSent() throws {
        var check = JSONBodyCheck(nullableFields: ["clear"])
        let tree = try check.check(Data(#" {"b":[1,-2.50e+3,true,false],"\u0061":{"s":"x\"y\u00e9","clear":null},"z":{}} "#.utf8))
        #expect(tree == .object([
            .init(key: "b", value: .array([.number("1"), .number("-2.50e+3"), .bool(true), .bool(false)])),
            .init(key: "a", value: .object([.init(key: "s", value: .string("x\"yé")), .init(key: "clear", value: .null)])),
            .init(key: "z", value: .object([])),
        ]))
    }

    @Test func theGatewaysOwnJSONIsReadWithNullsAnywhere() throws {
        let tree = try JSONBodyCheck.tree(of: Data(#"{"a":null,"b":[null]}"#.utf8))
        #expect(tree == .object([.init(key: "a", value: .null), .init(key: "b", value: .array([.null]))]))
        var strict = JSONBodyCheck()
        #expect(throws: JSONBodyCheck.Problem.null("a")) { try strict.check(Data(#"{"a":null,"b":[null]}"#.utf8)) }
    }

    private struct Inner: Codable { var kept: Int }
    private struct Outer: Codable {
        var name: String
        var items: [Inner]
        var note: String?
    }

    @Test(arguments: [
        (#"{"name":"n","items":[]}"#, nil),
        (#"{"name":"n","items":[{"kept":1}],"note":null}"#, nil),
        (#"{"zz":1,"name":"n","extra":2,"items":[]}"#, "extra"),
        (#"{"name":"n","items":[{"kept":1},{"kept":2,"more":{"x":1}}]}"#, "items.1.more"),
        (#"{"name":"n","items":[{"kept":1,"gone":null}]}"#, nil),
    ] as [(String, String?)])
    func theFirstUnknownFieldIsNamedInKeyOrder(json: String, unknown: String?) throws {
        var check = JSONBodyCheck(nullableFields: ["note", "gone"])
        let sent = try check.check(Data(json.utf8))
        let decoded = try JSONCoding.decoder.decode(Outer.self, from: Data(json.utf8))
        #expect(try UnknownFields.first(in: sent, decoded: decoded) == unknown)
    }
}
