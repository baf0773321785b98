import PaymentCore

/// Address verification's answer (ARISE `AvsResponseDto`, whose `raw` is a free dictionary):
/// the code, what it means, and `raw` with the code and the street and postal-code matches
/// as "Y", "N" or "U" (not checked).
public struct AVSResponseResource: Codable, Sendable, Equatable {
    /// "Y" full match, "Z" postal code only, "A" street only, "N" no match, "U" unavailable.
    public var code: String
    public var meaning: String
    public var raw: [String: String]

    public init(code: String, meaning: String, raw: [String: String]) {
        self.code = code
        self.meaning = meaning
        self.raw = raw
    }

    public init(_ result: AVSResult) {
        func flag(_ value: Bool?) -> String { value.map { $0 ? "Y" : "N" } ?? "U" }
        self.init(code: result.code, meaning: result.meaning, raw: [
            "avsResultCode": result.code, "addressMatch": flag(result.addressMatches), "postalCodeMatch": flag(result.postalCodeMatches),
        ])
    }
}
