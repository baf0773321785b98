import Foundation
import InteropSupport
import Testing

/// The tests' JSON Schema validator (which checks every reply of the route tests against the
/// document) decides as Python's `jsonschema` does, on a corpus made from the document's own
/// schemas: for each, a plausible instance, the same with each required property missing, and
/// with each property given a value of every JSON type.
@Suite("The reply validator agrees with jsonschema")
struct OpenAPIResponseSchemaTests {
    static var samples: [Any] { ["x", "", 0, 1, -1, 1.5, true, NSNull(), [Any](), [String: Any](), "USD", 1_000_000_000_000] }

    @Test(.enabled(if: PythonPeer.isAvailable("jsonschema")))
    func theValidatorAgreesWithPythonsJSONSchemaOnTheDocumentsSchemas() throws {
        let spec = OpenAPISpec.shared
        let schemas = (spec.root["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        var cases: [(ref: String, instance: Any)] = []
        for name in schemas.keys.sorted() {
            let ref = "#/components/schemas/\(name)"
            for instance in Self.instances(spec.validator.resolve(ref) ?? [:], validator: spec.validator) {
                cases.append((ref, instance))
            }
        }
        let input: [String: Any] = ["document": spec.root, "cases": cases.map { ["ref": $0.ref, "instance": $0.instance] }]
        let output = try PythonPeer.runScript(path: "scripts/interop/jsonschema_peer.py", stdin: try JSONSerialization.data(withJSONObject: input))
        let theirs = try #require(try JSONSerialization.jsonObject(with: output) as? [Bool])
        try #require(theirs.count == cases.count)
        var valid = 0
        for (index, (ref, instance)) in cases.enumerated() {
            let ours = spec.validator.errors(instance, against: ["$ref": ref])
            if theirs[index] { valid += 1 }
            #expect(ours.isEmpty == theirs[index], "\(ref) \(JSONSchemaValidator.describe(instance)): jsonschema says \(theirs[index]), ours \(ours)")
        }
        // The corpus holds both answers in numbers, or it proves little.
        #expect(valid > 50 && cases.count - valid > 500, "\(valid) valid of \(cases.count)")
    }

    /// A plausible instance of `schema`, then variations of it.
    static func instances(_ schema: Any, validator: JSONSchemaValidator) -> [Any] {
        let base = plausible(schema, validator: validator, depth: 0)
        var all: [Any] = [base] + samples
        let resolved = flatten(schema, validator: validator)
        guard var object = base as? [String: Any], let properties = resolved["properties"] as? [String: Any] else { return all }
        for name in (resolved["required"] as? [String] ?? []) {
            var missing = object
            missing[name] = nil
            all.append(missing)
        }
        for (index, name) in properties.keys.sorted().enumerated() {
            let original = object[name]
            for offset in [0, 3, 6, 7, 9] {
                object[name] = samples[(index + offset) % samples.count]
                all.append(object)
            }
            object[name] = original
        }
        return all
    }

    /// A value meant to be valid: the first enum value, the minimum, every property.
    static func plausible(_ schema: Any, validator: JSONSchemaValidator, depth: Int) -> Any {
        let schema = flatten(schema, validator: validator)
        if let values = schema["enum"] as? [Any], let first = values.first { return first }
        if let value = schema["const"] { return value }
        if let options = schema["oneOf"] as? [Any], let first = options.first { return plausible(first, validator: validator, depth: depth) }
        let types = (schema["type"] as? [String]) ?? [(schema["type"] as? String) ?? (schema["properties"] != nil ? "object" : "string")]
        switch types.first(where: { $0 != "null" }) ?? "null" {
        case "object":
            guard depth < 6 else { return [String: Any]() }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            return properties.mapValues { plausible($0, validator: validator, depth: depth + 1) }
        case "array":
            guard depth < 6, let items = schema["items"] else { return [Any]() }
            return Array(repeating: plausible(items, validator: validator, depth: depth + 1), count: max(schema["minItems"] as? Int ?? 1, 1))
        case "integer": return max(schema["minimum"] as? Int ?? 1, 1)
        case "number": return max(schema["minimum"] as? Double ?? (schema["minimum"] as? Int).map(Double.init) ?? 1, 1)
        case "boolean": return true
        case "null": return NSNull()
        default: return String(repeating: "a", count: max(schema["minLength"] as? Int ?? 1, 1))
        }
    }

    /// `schema` with a top-level `$ref` or single `allOf` followed.
    static func flatten(_ schema: Any, validator: JSONSchemaValidator) -> [String: Any] {
        var schema = schema as? [String: Any] ?? [:]
        while let reference = schema["$ref"] as? String, let target = validator.resolve(reference) as? [String: Any] { schema = target }
        if let parts = schema["allOf"] as? [Any], parts.count == 1 { return flatten(parts[0], validator: validator) }
        return schema
    }
}
