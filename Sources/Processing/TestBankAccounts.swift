/// How the simulator treats an ACH debit, by the last four digits of the account number,
/// so tests and demos can reach every ACH status (README, "ACH: test accounts"):
///
/// | account ends in | the debit is |
/// |---|---|
/// | `0003` | declined at once: R03 no account |
/// | `0002` | accepted but held for review (`heldByProcessor`) |
/// | `0001` | accepted, submitted, then returned R01 insufficient funds (`chargedBack`) |
/// | `0004` | accepted, submitted, then returned R02 account closed (`chargedBack`) |
/// | anything else | accepted, submitted, then cleared |
public enum TestBankAccounts {
    /// What happens to a debit of an account number.
    public enum Behaviour: Sendable, Equatable {
        case declined(code: String)
        case heldForReview
        case returned(code: String)
        case clears
    }

    public static func behaviour(accountNumber: String) -> Behaviour {
        switch accountNumber.suffix(4) {
        case "0003": return .declined(code: ACHResponseCode.noAccount)
        case "0002": return .heldForReview
        case "0001": return .returned(code: ACHResponseCode.insufficientFunds)
        case "0004": return .returned(code: ACHResponseCode.accountClosed)
        default: return .clears
        }
    }

    /// A routing number with a good check digit, for examples and tests.
    public static let routingNumber = "011000015"
}
