/// What paid (ARISE `PaymentMethodType`, with its numbers): a card or a bank account (ACH).
/// ARISE's third kind, cash, is never a Tapline transaction: cash is taken at the till.
public enum PaymentMethod: String, Sendable, Equatable, Codable, CaseIterable {
    case card
    case electronicCheck

    public var ariseId: Int {
        switch self {
        case .card: return 1
        case .electronicCheck: return 2
        }
    }
}
