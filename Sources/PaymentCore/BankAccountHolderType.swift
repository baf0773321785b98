/// Whether a bank account belongs to a business or a person (ARISE `AccountHolderType`).
/// It decides the ACH entry class: a business account is debited as CCD, a personal one as PPD.
public enum BankAccountHolderType: String, Sendable, Equatable, Codable, CaseIterable {
    case business
    case personal

    /// ARISE's number for it.
    public var ariseId: Int {
        switch self {
        case .business: return 1
        case .personal: return 2
        }
    }

    public init?(ariseId: Int) {
        guard let found = Self.allCases.first(where: { $0.ariseId == ariseId }) else { return nil }
        self = found
    }

    /// The NACHA standard entry class code of a debit to such an account.
    public var entryClass: String { self == .business ? "CCD" : "PPD" }
}
