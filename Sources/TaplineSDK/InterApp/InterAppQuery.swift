import Foundation

/// The parameters of an inter-app URL's query, read and written by RFC 3986 rules.
///
/// Not `application/x-www-form-urlencoded`: a `+` is a plus sign, never a space, because
/// callers put ISO 8601 offsets (`+0300`) into the query without escaping them, as the
/// protocol's own sample code does. When writing, everything but unreserved characters is
/// escaped (`+` becomes `%2B`), so a receiver that does treat `+` as a space still reads
/// the right value.
struct InterAppQuery {
    /// Each parameter's still-encoded values in order of appearance; empty for a bare `name`.
    private var values: [String: [Substring]] = [:]

    init(percentEncoded query: String?) {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].removingPercentEncoding ?? String(parts[0])
            values[name, default: []].append(parts.count > 1 ? parts[1] : "")
        }
    }

    /// The decoded value of `name`; nil when it is absent or empty, since callers leave
    /// optional parameters empty as often as they leave them out.
    func value(_ name: String) throws(InterAppError) -> String? {
        guard let encoded = values[name] else { return nil }
        guard encoded.count == 1 else { throw .duplicateParameter(name) }
        guard let decoded = encoded[0].removingPercentEncoding else { throw .invalidEncoding(parameter: name) }
        return decoded.isEmpty ? nil : decoded
    }

    /// Whether `name` is in the query at all, empty or not.
    func contains(_ name: String) -> Bool { values[name] != nil }

    /// The value of `name` whatever else is wrong with the query, for echoing in a failure
    /// result; nil when it is absent, empty, undecodable or given twice (then which one the
    /// caller meant is a guess, and a wrong echo would mislead more than none).
    func bestEffortValue(_ name: String) -> String? {
        try? value(name)
    }

    /// `name=value&…` for the pairs whose value is not nil, in the order given.
    static func encode(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { escape(name) + "=" + escape($0) } }.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters stay; `*` and `:` too, so masked card numbers and
    /// times stay readable, as both are allowed in a query and carry no meaning there.
    private static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~*:")
        return set
    }()

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
