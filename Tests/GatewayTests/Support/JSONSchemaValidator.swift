import Foundation

/// JSON Schema 2020-12 validation over the keywords the OpenAPI document uses (OpenAPI 3.1
/// schemas are JSON Schema): `$ref` (local), `type` (one or a list), `enum`, `const`,
/// `properties`, `required`, `additionalProperties`, `items`, `minItems`, `maxItems`,
/// `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `multipleOf`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
/// `uniqueItems`. `format` is an
/// annotation, as 2020-12 says by default. A keyword it does not know is an error, so the
/// document cannot start using one unchecked. Cross-checked against Python's `jsonschema`
/// (OpenAPIResponseSchemaTests).
struct JSONSchemaValidator {
    /// The document `$ref`s point into (`#/components/schemas/…`).
    let root: [String: Any]

    static let annotations: Set<String> = [
        "description", "format", "examples", "example", "default", "title", "contentEncoding", "contentMediaType", "deprecated",
        "readOnly", "writeOnly", "$comment",
    ]

    /// Where `instance` breaks `schema`, as "path: reason" lines; empty when it is valid.
    func errors(_ instance: Any, against schema: Any, at path: String = "$") -> [String] {
        if let flag = schema as? Bool { return flag ? [] : ["\(path): no value is allowed here"] }
        guard let schema = schema as? [String: Any] else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for (keyword, value) in schema {
            found += check(keyword, value, instance, schema: schema, at: path)
        }
        return found
    }

    private func check(_ keyword: String, _ value: Any, _ instance: Any, schema: [String: Any], at path: String) -> [String] {
        switch keyword {
        case "$ref":
            guard let target = resolve(value as? String ?? "") else { return ["\(path): unresolved $ref \(value)"] }
            return errors(instance, against: target, at: path)
        case "type":
            let types = (value as? [String]) ?? [value as? String ?? ""]
            return types.contains { Self.has(instance, type: $0) } ? [] : ["\(path): \(Self.describe(instance)) is not of type \(types)"]
        case "enum":
            return (value as? [Any] ?? []).contains { Self.equal($0, instance) } ? [] : ["\(path): \(Self.describe(instance)) is not in enum"]
        case "const":
            return Self.equal(value, instance) ? [] : ["\(path): \(Self.describe(instance)) is not the constant"]
        case "properties":
            guard let object = instance as? [String: Any], let properties = value as? [String: Any] else { return [] }
            return properties.flatMap { name, sub in object[name].map { errors($0, against: sub, at: "\(path).\(name)") } ?? [] }
        case "required":
            guard let object = instance as? [String: Any] else { return [] }
            return (value as? [String] ?? []).filter { object[$0] == nil }.map { "\(path): missing required \($0)" }
        case "additionalProperties":
            guard let object = instance as? [String: Any] else { return [] }
            let known = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            return object.filter { !known.contains($0.key) }.flatMap { errors($0.value, against: value, at: "\(path).\($0.key)") }
        case "items":
            guard let array = instance as? [Any] else { return [] }
            return array.enumerated().flatMap { errors($0.element, against: value, at: "\(path)[\($0.offset)]") }
        case "minItems", "maxItems":
            guard let array = instance as? [Any], let bound = value as? Int else { return [] }
            let fits = keyword == "minItems" ? array.count >= bound : array.count <= bound
            return fits ? [] : ["\(path): \(array.count) items breaks \(keyword) \(bound)"]
        case "minLength", "maxLength":
            guard let string = instance as? String, let bound = value as? Int else { return [] }
            // JSON Schema counts code points.
            let length = string.unicodeScalars.count
            let fits = keyword == "minLength" ? length >= bound : length <= bound
            return fits ? [] : ["\(path): length \(length) breaks \(keyword) \(bound)"]
        case "pattern":
            guard let string = instance as? String, let pattern = value as? String else { return [] }
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return ["\(path): bad pattern \(pattern)"] }
            let found = regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
            return found ? [] : ["\(path): \"\(string)\" does not match \(pattern)"]
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
            return numeric(keyword, value, instance, at: path)
        case "allOf":
            return (value as? [Any] ?? []).flatMap { errors(instance, against: $0, at: path) }
        case "anyOf":
            return (value as? [Any] ?? []).contains { errors(instance, against: $0, at: path).isEmpty } ? [] : ["\(path): matches no anyOf"]
        case "oneOf":
            let matches = (value as? [Any] ?? []).filter { errors(instance, against: $0, at: path).isEmpty }.count
            return matches == 1 ? [] : ["\(path): matches \(matches) of oneOf, not exactly 1"]
        case "not":
            return errors(instance, against: value, at: path).isEmpty ? ["\(path): matches a not"] : []
        case "if":
            let branch = errors(instance, against: value, at: path).isEmpty ? schema["then"] : schema["else"]
            return branch.map { errors(instance, against: $0, at: path) } ?? []
        case "then", "else":
            return []  // applied by `if`
        case "uniqueItems":
            guard let array = instance as? [Any], value as? Bool == true else { return [] }
            let repeated = array.indices.contains { i in array[..<i].contains { Self.equal($0, array[i]) } }
            return repeated ? ["\(path): an item appears twice (uniqueItems)"] : []
        default:
            return Self.annotations.contains(keyword) ? [] : ["\(path): unknown keyword \(keyword)"]
        }
    }

    private func numeric(_ keyword: String, _ value: Any, _ instance: Any, at path: String) -> [String] {
        guard let number = Self.number(instance), let bound = Self.number(value) else { return [] }
        let fits: Bool
        switch keyword {
        case "minimum": fits = number >= bound
        case "maximum": fits = number <= bound
        case "exclusiveMinimum": fits = number > bound
        case "exclusiveMaximum": fits = number < bound
        default:
            let quotient = number / bound
            fits = abs(quotient - quotient.rounded()) < 1e-9
        }
        return fits ? [] : ["\(path): \(number) breaks \(keyword) \(bound)"]
    }

    /// The schema a local `$ref` names (`#/a/b`, with `~1` and `~0` escapes).
    func resolve(_ reference: String) -> Any? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = (node as? [String: Any])?[key] else { return nil }
            node = next
        }
        return node
    }

    static func has(_ instance: Any, type: String) -> Bool {
        switch type {
        case "null": return instance is NSNull
        case "boolean": return isBool(instance)
        case "string": return instance is String
        case "array": return instance is [Any]
        case "object": return instance is [String: Any]
        case "number": return number(instance) != nil
        case "integer": return number(instance).map { $0 == $0.rounded() } ?? false
        default: return false
        }
    }

    /// Foundation reads JSON true and false as NSNumber, and `1 is Bool` holds for one: only
    /// a Swift Bool or a number whose type is "c" (a C bool) is a boolean.
    static func isBool(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard type(of: value) != Int.self, type(of: value) != Double.self, let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func number(_ value: Any) -> Double? {
        guard !isBool(value) else { return nil }
        if let number = value as? NSNumber { return number.doubleValue }
        if let int = value as? Int { return Double(int) }
        return value as? Double
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && (a as? Bool) == (b as? Bool) }
        if let x = number(a), let y = number(b) { return x == y }
        if let x = a as? String, let y = b as? String { return x == y }
        if a is NSNull, b is NSNull { return true }
        if let x = a as? [Any], let y = b as? [Any] { return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) } }
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        }
        return false
    }

    static func describe(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else { return "\(value)" }
        return String(decoding: data.prefix(120), as: UTF8.self)
    }
}
