import Foundation

/// The API's JSON conventions, shared by the gateway and the SDK so they cannot drift:
/// ISO 8601 dates, sorted keys (stable bytes, which idempotent replays compare), and `/`
/// written as it is (a URL reads `https://…`, never `https:\/\/…`).
public enum APIJSON {
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
