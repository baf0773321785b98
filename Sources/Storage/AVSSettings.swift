import PaymentCore

/// Address verification (ARISE `AvsOptions`).
public struct AVSSettings: Sendable, Equatable, Codable {
    /// ARISE AVS profiles, with their ids.
    public enum Profile: Int, Sendable, Codable, CaseIterable {
        case strict = 1
        case moderate = 2
        case tolerant = 3

        /// "Strict", "Moderate", "Tolerant".
        public var name: String {
            switch self {
            case .strict: return "Strict"
            case .moderate: return "Moderate"
            case .tolerant: return "Tolerant"
            }
        }

        /// A profile by its name, case-insensitively.
        public init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
            self = found
        }
    }

    public var enabled: Bool
    public var profile: Profile?

    public init(enabled: Bool = false, profile: Profile? = nil) {
        self.enabled = enabled
        self.profile = profile
    }
}

extension AVSSettings {
    /// Whether the merchant's profile refuses a payment whose address verification
    /// answered `result` (Tapline's rule; the ARISE profiles name no actions):
    /// - `strict`: only a full match passes; a street-only or postal-code-only match and no
    ///   match are refused.
    /// - `moderate`: only no match is refused.
    /// - `tolerant`, or no profile: nothing is refused, the answer is recorded.
    /// `unavailable` (the processor could not check) is never refused: it is not a mismatch.
    /// With AVS disabled nothing is refused.
    public func refuses(_ result: AVSResult) -> Bool {
        guard enabled, let profile else { return false }
        switch (profile, result) {
        case (_, .fullMatch), (_, .unavailable), (.tolerant, _): return false
        case (.strict, _): return true
        case (.moderate, .noMatch): return true
        case (.moderate, _): return false
        }
    }

    /// Whether a keyed payment must carry a billing address to verify: AVS on with a
    /// profile that can refuse (strict or moderate).
    public var requiresBillingAddress: Bool {
        enabled && (profile == .strict || profile == .moderate)
    }
}
