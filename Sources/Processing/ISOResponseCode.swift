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

    /// What a code means for the payment, as docs/iso8583.md ("Response codes") documents it.
    public enum Handling: String, Sendable, Equatable, CaseIterable {
        /// Approved for the amount asked.
        case approved
        /// Approved for the amount in the response's field 4 ("10").
        case partialApproval
        /// Soft decline: ask for the PIN and send the request again with it.
        case pinRequired
        /// Declined by the issuer; a new try with the same card is declined again.
        case decline
        /// Declined, and the card is to be kept (lost, stolen, fraud). A tap or a keyed card
        /// leaves nothing to keep: the payment is declined and the merchant told why.
        case pickUp
        /// Declined unless the merchant calls the issuer or acquirer for a voice
        /// authorization, which Tapline does not take: declined.
        case referral
        /// The host asks for the request to be sent again: nothing was approved, the
        /// operation fails and the client may retry it as a new request.
        case reenter
        /// The host could not read Tapline's request: nothing was approved, the operation
        /// fails (a fault to report, not the card's decline).
        case formatError
        /// The issuer or network could not decide now: nothing was approved, the operation
        /// fails and the client may retry it later.
        case retryLater
    }

    /// How Tapline treats the code: its row in ``ISOResponseCodeTable``, a decline when it
    /// has none.
    public var handling: Handling {
        ISOResponseCodeTable.entries[rawValue]?.handling ?? .decline
    }

    public var disposition: Disposition {
        switch handling {
        case .approved: return .approved
        case .partialApproval: return .partiallyApproved
        case .pinRequired: return .pinRequired
        case .decline, .pickUp, .referral: return .declined
        case .reenter, .formatError, .retryLater: return .systemError
        }
    }

    /// Whether the code approves, fully or partially ("00", "08", "10", "11").
    public var isApproval: Bool { disposition == .approved || disposition == .partiallyApproved }

    /// A short human message for the code; unknown codes get a generic one that names them.
    public var message: String {
        ISOResponseCodeTable.entries[rawValue]?.meaning ?? "Declined (response code \(rawValue))"
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
}
