import Foundation

/// The `callback` parameter: where the result goes. Either a bare URL scheme the calling
/// app registered (`interapp-callback`), answered at `interapp-callback://result?…`, or a
/// full URL (`myapp://payments/result`), answered by adding the result to its query.
enum InterAppCallback {
    /// Refuses a callback no result URL can be made from.
    static func validate(_ callback: String) throws(InterAppError) {
        guard resultURL(callback, query: "") != nil else { throw .invalidCallback(callback) }
    }

    /// The result URL for `callback` carrying the already-encoded `query`; nil when the
    /// callback is neither a scheme nor an absolute URL.
    static func resultURL(_ callback: String, query: String) -> URL? {
        // "interapp-callback://" is the bare scheme written the way apps often store it.
        let bare = callback.hasSuffix("://") ? String(callback.dropLast(3)) : callback
        if isScheme(bare) {
            return URL(string: bare + "://result" + (query.isEmpty ? "" : "?" + query))
        }
        guard var components = URLComponents(string: callback),
              let scheme = components.scheme, isScheme(scheme),
              callback.count > scheme.count + 1
        else { return nil }
        if !query.isEmpty {
            let existing = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 }
            components.percentEncodedQuery = existing.map { $0 + "&" + query } ?? query
        }
        return components.url
    }

    /// Whether `text` is a URL scheme by RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
        }
    }
}
