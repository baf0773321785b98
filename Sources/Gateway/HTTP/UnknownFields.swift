import Foundation

/// What a request sends that the route does not take, so it is refused (400 naming it)
/// instead of silently dropped.
///
/// For a body: the decoded value, encoded again, holds every field the type took; a field of
/// the body it does not give back is one the type has no place for. The request types are
/// `Codable` with the same keys both ways, so this needs no list of fields beside the types.
enum UnknownFields {
    /// The path (`contactInfo.nickname`, `items.0.extra`) of the first field of `body` that
    /// `decoded` did not take, in key order; nil when it took them all. A `null` is skipped:
    /// ``JSONBodyCheck`` allows it only where it means something.
    static func first(in body: Data, decoded: some Encodable) throws -> String? {
        guard let sent = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        let kept = try JSONSerialization.jsonObject(with: JSONCoding.encoder.encode(decoded), options: [.fragmentsAllowed])
        return first(sent, kept, path: [])
    }

    /// The first query parameter of `names` that `taken` does not list.
    static func first(query names: [String], taken: Set<String>) -> String? {
        names.first { !taken.contains($0) }
    }

    private static func first(_ sent: Any, _ kept: Any, path: [String]) -> String? {
        switch (sent, kept) {
        case let (sent as [String: Any], kept as [String: Any]):
            for key in sent.keys.sorted() {
                guard let value = sent[key], !(value is NSNull) else { continue }
                guard let keptValue = kept[key] else { return (path + [key]).joined(separator: ".") }
                if let found = first(value, keptValue, path: path + [key]) { return found }
            }
        case let (sent as [Any], kept as [Any]):
            for (index, (value, keptValue)) in zip(sent, kept).enumerated() {
                if let found = first(value, keptValue, path: path + [String(index)]) { return found }
            }
        default:
            break
        }
        return nil
    }
}

/// A body that takes no fields: `{}` or nothing at all.
struct NoFields: Codable {}
