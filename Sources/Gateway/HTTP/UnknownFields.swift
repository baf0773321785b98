import Foundation

/// What a request sends that the route does not take, so it is refused (400 naming it)
/// instead of silently dropped.
///
/// For a body: the decoded value, encoded again, holds every field the type took; a field of
/// the body it does not give back is one the type has no place for. The request types are
/// `Codable` with the same keys both ways, so this needs no list of fields beside the types.
enum UnknownFields {
    /// The path (`contactInfo.nickname`, `items.0.extra`) of the first field of `sent` (the
    /// body as ``JSONBodyCheck`` read it) that `decoded` did not take, in key order; nil when
    /// it took them all. A `null` is skipped: ``JSONBodyCheck`` allows it only where it means
    /// something. What `decoded` took is its encoding, read back by the same reader.
    static func first(in sent: JSONBodyValue, decoded: some Encodable) throws -> String? {
        let kept = try JSONBodyCheck.tree(of: JSONCoding.encoder.encode(decoded))
        var path: [String] = []
        return first(sent, kept, path: &path)
    }

    /// The first query parameter of `names` that `taken` does not list.
    static func first(query names: [String], taken: Set<String>) -> String? {
        names.first { !taken.contains($0) }
    }

    private static func first(_ sent: JSONBodyValue, _ kept: JSONBodyValue, path: inout [String]) -> String? {
        switch (sent, kept) {
        case let (.object(sent), .object(kept)):
            var keptValues: [String: JSONBodyValue] = [:]
            for member in kept { keptValues[member.key] = member.value }
            // Key order, as the message names the first (``JSONBodyCheck`` refused any key twice).
            for member in sent.sorted(by: { $0.key < $1.key }) {
                if case .null = member.value { continue }
                path.append(member.key)
                guard let keptValue = keptValues[member.key] else { return path.joined(separator: ".") }
                if let found = first(member.value, keptValue, path: &path) { return found }
                path.removeLast()
            }
        case let (.array(sent), .array(kept)):
            for (index, (value, keptValue)) in zip(sent, kept).enumerated() {
                path.append(String(index))
                if let found = first(value, keptValue, path: &path) { return found }
                path.removeLast()
            }
        default:
            break
        }
        return nil
    }
}

/// A body that takes no fields: `{}` or nothing at all.
struct NoFields: Codable {}
