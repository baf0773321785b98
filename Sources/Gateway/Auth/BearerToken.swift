import Foundation

/// The token of an `Authorization: Bearer …` header.
enum BearerToken {
    private static let prefix = "Bearer "

    /// The token after a `Bearer ` prefix (any case), trimmed of spaces and tabs; nil when the
    /// header is not a bearer credential. An ASCII header, which every real one is, is read
    /// byte by byte; any other takes the general path, which reads it the same way.
    static func read(_ authorization: String) -> String? {
        let utf8 = authorization.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return readUnicode(authorization) }
        guard utf8.count > prefix.utf8.count,
              zip(utf8, prefix.utf8).allSatisfy({ asciiLowercased($0) == asciiLowercased($1) }) else { return nil }
        // In ASCII, `.whitespaces` (Unicode's space separators and the tab) is the space and the tab.
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        let rest = utf8.dropFirst(prefix.utf8.count)
        guard let first = rest.firstIndex(where: { !blank($0) }), let last = rest.lastIndex(where: { !blank($0) }) else { return "" }
        return String(authorization[first...last])
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// The general reading, by characters as Swift compares them.
    private static func readUnicode(_ authorization: String) -> String? {
        guard authorization.count > prefix.count, authorization.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
        return String(authorization.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
    }
}
