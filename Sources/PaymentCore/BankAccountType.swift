/// The kind of bank account an ACH payment debits (ARISE `AccountType`).
public enum BankAccountType: String, Sendable, Equatable, Codable, CaseIterable {
    case checking
    case savings

    /// ARISE's number for it.
    public var ariseId: Int {
        switch self {
        case .checking: return 1
        case .savings: return 2
        }
    }

    public init?(ariseId: Int) {
        guard let found = Self.allCases.first(where: { $0.ariseId == ariseId }) else { return nil }
        self = found
    }
}
