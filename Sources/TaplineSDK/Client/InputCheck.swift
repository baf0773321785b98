import Foundation
import PaymentCore

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

    /// The most decimals a rate may have as a percentage (3.3333 %), as the gateway's calculator takes them.
    static let maxRateDecimals = Rate.maxPercentFractionDigits

    /// A rate from 0 % to 100 % with at most ``maxRateDecimals`` decimals as a percentage.
    static func rate(_ value: Rate?, field: String) throws(TaplineAPIError) {
        switch value?.problem {
        case nil: return
        case .outOfRange?: throw .badRequest(.invalidInput(field, "\(field) must be a percentage from 0 to 100"))
        case .tooPrecise?: throw .badRequest(.invalidInput(field, "\(field) may have at most \(maxRateDecimals) decimals as a percentage"))
        }
    }

    /// Whether `value` has no more than `places` digits after the decimal point.
    static func hasAtMost(_ places: Int, decimalsIn value: Decimal) -> Bool {
        var scaled = value
        for _ in 0..<places { scaled *= 10 }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }
}
