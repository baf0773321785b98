/// The answers an ACH processor gives that ISO 8583's codes do not name. An accepted debit
/// is "00" as an approval is; these are the rest, with NACHA's return reason codes.
public enum ACHResponseCode {
    /// Accepted, but held by the processor for a risk review: not submitted until released.
    public static let heldForReview = "HR"
    /// Return reasons (NACHA): the account holder's bank refused the debit.
    public static let insufficientFunds = "R01"
    public static let accountClosed = "R02"
    public static let noAccount = "R03"

    /// A short human message for an ACH code; nil for a code that is not one.
    public static func message(_ code: String) -> String? {
        switch code {
        case heldForReview: return "Held by the processor for review"
        case insufficientFunds: return "Insufficient funds"
        case accountClosed: return "Account closed"
        case noAccount: return "No account / unable to locate account"
        default: return nil
        }
    }
}
