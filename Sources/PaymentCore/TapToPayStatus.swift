/// Where a device stands with Tap to Pay (ARISE `tapToPayStatusId`, same raw values).
public enum TapToPayStatus: Int, Sendable, Codable, CaseIterable {
    case inactive = 0
    case requested = 1
    case active = 2
    case suspended = 3
    case deactivated = 4

    /// The status text ARISE shows next to the id (`tapToPayStatus`).
    public var displayName: String {
        switch self {
        case .inactive: return "Inactive"
        case .requested: return "Requested"
        case .active: return "Active"
        case .suspended: return "Suspended"
        case .deactivated: return "Deactivated"
        }
    }

    /// Only an active device may read cards.
    public var isEnabled: Bool { self == .active }
}
