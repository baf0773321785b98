/// An ISO 8583 response code (field 39): two characters, "00" for approved.
public struct ISOResponseCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// How the processor should treat a code.
    public enum Disposition: Sendable, Equatable {
        /// Approved for the full amount.
        case approved
        /// Approved for less than asked ("10").
        case partiallyApproved
        /// Soft decline: retry with the cardholder's PIN (single tap and PIN).
        case pinRequired
        /// The issuer or the processor could not decide; nothing was approved.
        case systemError
        case declined
    }

    public var disposition: Disposition {
        switch rawValue {
        case "00", "08", "11", "85": return .approved
        case "10": return .partiallyApproved
        case "65", "70": return .pinRequired
        case "91", "96": return .systemError
        default: return .declined
        }
    }

    /// Whether the code approves, fully or partially ("00", "08", "10", "11").
    public var isApproval: Bool { disposition == .approved || disposition == .partiallyApproved }

    /// A short human message for the code; unknown codes get a generic one that names them.
    public var message: String {
        ISOResponseCode.messages[rawValue] ?? "Declined (response code \(rawValue))"
    }

    public var description: String { "\(rawValue) \(message)" }

    public static let approved: ISOResponseCode = "00"
    public static let doNotHonour: ISOResponseCode = "05"
    public static let partialApproval: ISOResponseCode = "10"
    public static let invalidTransaction: ISOResponseCode = "12"
    public static let invalidAmount: ISOResponseCode = "13"
    public static let incorrectPIN: ISOResponseCode = "55"
    public static let transactionNotPermitted: ISOResponseCode = "57"
    public static let pinTriesExceeded: ISOResponseCode = "75"
    public static let responseReceivedTooLate: ISOResponseCode = "68"
    public static let systemMalfunction: ISOResponseCode = "96"
    /// The approval of an account verification (a zero-amount check of the card).
    public static let noReasonToDecline: ISOResponseCode = "85"

    private static let messages: [String: String] = [
        "00": "Approved",
        "01": "Refer to card issuer",
        "03": "Invalid merchant",
        "04": "Pick up card",
        "05": "Do not honour",
        "06": "Error",
        "08": "Honour with identification",
        "10": "Partial approval",
        "11": "Approved (VIP)",
        "12": "Invalid transaction",
        "13": "Invalid amount",
        "14": "Invalid card number",
        "15": "No such issuer",
        "19": "Re-enter transaction",
        "30": "Format error",
        "41": "Lost card, pick up",
        "43": "Stolen card, pick up",
        "51": "Insufficient funds",
        "54": "Expired card",
        "55": "Incorrect PIN",
        "57": "Transaction not permitted to cardholder",
        "58": "Transaction not permitted to terminal",
        "59": "Suspected fraud",
        "61": "Exceeds withdrawal amount limit",
        "62": "Restricted card",
        "63": "Security violation",
        "65": "Exceeds withdrawal frequency limit: PIN required",
        "68": "Response received too late: reversed",
        "70": "PIN data required",
        "75": "Allowable number of PIN tries exceeded",
        "85": "No reason to decline",
        "78": "Blocked, first used",
        "91": "Issuer or switch inoperative",
        "92": "Unable to route transaction",
        "94": "Duplicate transmission",
        "96": "System malfunction",
    ]
}
