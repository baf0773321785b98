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
