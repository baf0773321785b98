import Foundation

/// How values are written to a database column, the same in every SQL store: rates as the
/// exact decimal's text, dates as whole milliseconds, structures as sorted-key JSON text.
/// `package`, so SQLite and PostgreSQL share these rules without them becoming public API.
package enum StoredEncoding {
    /// Rates are TEXT holding the exact decimal ("3.333"), never a float type, which cannot
    /// hold most decimal fractions exactly.
    package static func decimalText(_ value: Decimal) -> String { value.description }

    /// A decimal written by ``decimalText(_:)``: "-"? digits ("." digits)?, nothing else.
    package static func parseDecimal(_ text: String) -> Decimal? {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    package static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    package static func jsonText<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
