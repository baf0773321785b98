import Foundation
import PaymentCore

/// JSON written a byte at a time in exactly `APIJSON.encoder`'s form (keys in UTF-8 order,
/// `/` as it is, ISO 8601 dates in whole seconds, decimals as their description), for the
/// resources encoded on every payment, where `JSONEncoder`'s Codable machinery cost 60–100 µs a
/// payment. The caller writes an object's keys in sorted order; tests pin every writer against
/// `JSONEncoder` byte for byte.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written has a member yet (a comma goes before the next).
    private var hasMember: [Bool] = []
    private static let fallback = APIJSON.encoder

    init() { bytes.reserveCapacity(2_048) }

    mutating func object(_ members: (inout JSONBytes) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
        try members(&self)
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONBytes, Element) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            try write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Starts the member `key` of the object being written.
    mutating func key(_ key: StaticString) {
        startMember()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts a member whose key is data (a dictionary's), escaped as any text.
    mutating func key(text key: String) {
        startMember()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func startMember() {
        if hasMember[hasMember.count - 1] { bytes.append(UInt8(ascii: ",")) } else { hasMember[hasMember.count - 1] = true }
    }

    mutating func member(_ key: StaticString, _ value: String) { self.key(key); string(value) }
    mutating func member(_ key: StaticString, _ value: String?) { if let value { member(key, value) } }
    mutating func member(_ key: StaticString, _ value: Int64) { self.key(key); number(value) }
    mutating func member(_ key: StaticString, _ value: Int64?) { if let value { member(key, value) } }
    mutating func member(_ key: StaticString, _ value: Int) { self.key(key); number(Int64(value)) }
    mutating func member(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }
    mutating func member(_ key: StaticString, _ value: Decimal) { self.key(key); bytes.append(contentsOf: value.description.utf8) }
    mutating func member(_ key: StaticString, _ value: Date) { self.key(key); date(value) }
    mutating func member(_ key: StaticString, _ value: Date?) { if let value { member(key, value) } }
    /// A member of a type written rarely, by `JSONEncoder` itself (the same bytes it would write inside).
    mutating func member<T: Encodable>(_ key: StaticString, encoded value: T?) throws {
        guard let value else { return }
        self.key(key)
        bytes.append(contentsOf: try Self.fallback.encode(value))
    }

    /// JSON written already (a resource's `jsonData()`), as the value of the key just written.
    mutating func raw(_ json: Data) {
        bytes.append(contentsOf: json)
    }

    mutating func number(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "f"))
            case 0..<0x20:
                let digits: StaticString = "0123456789abcdef"
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          digits.utf8Start[Int(byte >> 4)], digits.utf8Start[Int(byte & 0x0F)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `2026-11-28T13:34:38Z`: the UTC civil date of the whole second.
    mutating func date(_ value: Date) {
        let seconds = Int64(value.timeIntervalSince1970.rounded(.down))
        let days = CivilDate.floorDivide(seconds, 86_400)
        let second = seconds - days * 86_400
        let date = CivilDate(daysSince1970: days)
        bytes.append(UInt8(ascii: "\""))
        digits(date.year, count: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(date.month, count: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(date.day, count: 2)
        bytes.append(UInt8(ascii: "T"))
        digits(second / 3_600, count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second / 60 % 60, count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second % 60, count: 2)
        bytes.append(UInt8(ascii: "Z"))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func digits(_ value: Int64, count: Int) {
        let text = String(value)
        for _ in text.utf8.count..<max(count, text.utf8.count) { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: text.utf8)
    }
}
