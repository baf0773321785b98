import Foundation

/// Checks of method inputs that run before any network call, each refusing with
/// `.badRequest(.invalidInput(field, …))` so the app learns which field is wrong without a
/// round trip, and a malformed value never reaches a URL path.
enum InputCheck {
    /// The longest identifier the SDK puts in a path (the gateway's device-id limit).
    static let maxIdentifierLength = 128

    /// An identifier that goes into a URL path: 1–128 of `A–Z a–z 0–9 . _ -`, and not only
    /// dots, so it can never change the route (`/`, `?`, `#`, `..`).
    static func identifier(_ value: String, field: String) throws(TaplineAPIError) {
        guard !value.isEmpty else { throw .badRequest(.invalidInput(field, "\(field) must not be empty")) }
        let allowed = value.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
        guard allowed, value.utf8.count <= maxIdentifierLength, !value.allSatisfy({ $0 == "." }) else {
            throw .badRequest(.invalidInput(field, "\(field) must be 1 to \(maxIdentifierLength) of A-Z a-z 0-9 . _ -"))
        }
    }

    /// Free text the gateway stores (references, customer ids): 1–255 characters when given.
    static func text(_ value: String?, field: String, maxLength: Int = 255) throws(TaplineAPIError) {
        guard let value else { return }
        guard !value.isEmpty, value.count <= maxLength else {
            throw .badRequest(.invalidInput(field, "\(field) must be 1 to \(maxLength) characters"))
        }
    }

    /// A rate in percent (3.5 means 3.5 %) between `range`'s bounds.
    static func rate(_ value: Decimal?, field: String, range: ClosedRange<Decimal> = 0...100) throws(TaplineAPIError) {
        guard let value else { return }
        guard !value.isNaN, range.contains(value) else {
            throw .badRequest(.invalidInput(field, "\(field) must be a percentage from \(range.lowerBound) to \(range.upperBound)"))
        }
    }
}
