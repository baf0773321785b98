import Foundation

/// Reads a request body once as strict JSON (RFC 8259) before it is decoded, and refuses
/// what a decoder would let through in silence or read differently from another parser:
/// a key twice in one object (which of the two counts depends on the parser), `null` where
/// the API takes no null, nesting deeper than ``maxDepth``, and text that is not UTF-8.
/// It also finds the first fraction in a field that takes an integer, which the decoder
/// reports without naming the field. What it read comes back as a ``JSONBodyValue``, so
/// nothing after it parses the body again (``UnknownFields`` compares that tree).
struct JSONBodyCheck {
    /// Deepest nesting of objects and arrays a request may have; the deepest request of the
    /// API is four levels deep.
    static let maxDepth = 32

    /// What the check refuses, with the dotted path of the field at fault ("body" for the whole).
    enum Problem: Error, Equatable {
        case invalid(String)
        case tooDeep
        case duplicateKey(String)
        case null(String)
    }

    /// Fields that may be `null` (they clear a setting); matched by name at any depth.
    var nullableFields: Set<String> = []
    /// Fields that take decimals (rates); every other number must be an integer.
    var decimalFields: Set<String> = []
    /// Whether `null` is taken anywhere: for reading JSON the gateway encoded itself.
    var nullEverywhere = false
    /// Deepest nesting taken; ``maxDepth`` for a request.
    var depthLimit = JSONBodyCheck.maxDepth

    /// The path of the first non-integral number outside ``decimalFields``, found while checking.
    private(set) var fractionalNumberPath: String?

    private var bytes: [UInt8] = []
    private var index = 0
    /// The keys and list positions down to the value being read, for messages.
    private var path: [String] = []

    init(nullableFields: Set<String> = [], decimalFields: Set<String> = []) {
        self.nullableFields = nullableFields
        self.decimalFields = decimalFields
    }

    /// JSON the gateway encoded itself, read into a tree: `null` anywhere, any depth.
    static func tree(of data: Data) throws(Problem) -> JSONBodyValue {
        var reader = JSONBodyCheck()
        reader.nullEverywhere = true
        reader.depthLimit = .max
        return try reader.check(data)
    }

    /// Checks `data` and returns what it holds; throws the first ``Problem``.
    @discardableResult
    mutating func check(_ data: Data) throws(Problem) -> JSONBodyValue {
        guard String(validating: data, as: UTF8.self) != nil else { throw .invalid("the request body is not UTF-8") }
        bytes = Array(data)
        index = 0
        path = []
        fractionalNumberPath = nil
        skipWhitespace()
        let read = try value(field: nil, depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw .invalid("the request body has text after its JSON value") }
        return read
    }

    /// The value at ``path`` (which names it for messages: "breakdown.tipAmount", "events.0");
    /// `field` is the key it belongs to, which list elements share with their list.
    private mutating func value(field: String?, depth: Int) throws(Problem) -> JSONBodyValue {
        guard index < bytes.count else { throw .invalid("the request body ends too early") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(field: field, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            if let field, !nullEverywhere, !nullableFields.contains(field) { throw .null(Self.dotted(path)) }
            return .null
        default: return try number(field: field)
        }
    }

    private mutating func object(depth: Int) throws(Problem) -> JSONBodyValue {
        guard depth <= depthLimit else { throw .tooDeep }
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object([]) }
        var members: [JSONBodyValue.Member] = []
        var seen: Set<String> = []
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .invalid("an object key must be a string") }
            let key = try string()
            path.append(key)
            guard seen.insert(key).inserted else { throw .duplicateKey(Self.dotted(path)) }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw .invalid("a ':' must follow an object key") }
            skipWhitespace()
            members.append(JSONBodyValue.Member(key: key, value: try value(field: key, depth: depth)))
            path.removeLast()
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw .invalid("an object must end with '}'") }
        return .object(members)
    }

    private mutating func array(field: String?, depth: Int) throws(Problem) -> JSONBodyValue {
        guard depth <= depthLimit else { throw .tooDeep }
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array([]) }
        var elements: [JSONBodyValue] = []
        repeat {
            skipWhitespace()
            path.append(String(elements.count))
            elements.append(try value(field: field, depth: depth))
            path.removeLast()
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw .invalid("an array must end with ']'") }
        return .array(elements)
    }

    /// A string's value with its escapes read, so `"a"` and `"\u0061"` are the same key.
    private mutating func string() throws(Problem) -> String {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8 += try escape()
            case ..<0x20:
                throw .invalid("a string holds a control character; escape it")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw .invalid("a string is not closed")
    }

    /// One escape at a backslash, as UTF-8; a surrogate pair is read as one character.
    private mutating func escape() throws(Problem) -> [UInt8] {
        index += 1
        guard index < bytes.count else { throw .invalid("a string is not closed") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [letter]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw .invalid("a string holds half a surrogate pair") }
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw .invalid("a string holds half a surrogate pair") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw .invalid("a string holds half a surrogate pair") }
            return Array(String(Character(scalar)).utf8)
        default:
            throw .invalid("a string holds an unknown escape")
        }
    }

    private mutating func hex4() throws(Problem) -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw .invalid("a \\u escape needs four hex digits")
        }
        index += 4
        return code
    }

    private mutating func number(field: String?) throws(Problem) -> JSONBodyValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            guard digits() == 0 else { throw .invalid("a number has a leading zero") }
        } else {
            guard digits() > 0 else { throw .invalid("the request body is not valid JSON") }
        }
        var fractional = false
        if consume(UInt8(ascii: ".")) {
            let fraction = index
            guard digits() > 0 else { throw .invalid("a number needs digits after its decimal point") }
            fractional = bytes[fraction..<index].contains { $0 != UInt8(ascii: "0") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard digits() > 0 else { throw .invalid("a number needs digits in its exponent") }
            fractional = true
        }
        if fractional, fractionalNumberPath == nil, let field, !decimalFields.contains(field) {
            fractionalNumberPath = Self.dotted(path)
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(Problem) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw .invalid("the request body is not valid JSON")
        }
        index += expected.count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private static func dotted(_ path: [String]) -> String {
        path.isEmpty ? "body" : path.joined(separator: ".")
    }
}
