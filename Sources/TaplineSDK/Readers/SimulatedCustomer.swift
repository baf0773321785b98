import CardData

/// What the simulated customer at the counter does when the reader asks for a card.
public struct SimulatedCustomer: Sendable, Equatable {
    /// What happens when the reader is ready for a tap.
    public enum Action: Sendable, Equatable {
        /// The customer taps the card.
        case tap
        /// The customer dismisses the reader's screen.
        case dismiss
        /// No card is presented before the reader gives up.
        case walkAway
    }

    /// The card tapped (see the test cards in the README).
    public var card: String
    public var action: Action
    /// Taps that fail to read before one succeeds; each makes the reader ask again.
    public var failedReads: Int
    /// The PINs entered, one per request; when they run out, the customer cancels PIN entry.
    public var pinEntries: [String]
    /// "credit", "debit" or "prepaid".
    public var funding: String
    /// How the card verifies the cardholder on a tap without PIN.
    public var verification: CardholderVerification

    public init(card: String = TestCards.visaApproved.pan, action: Action = .tap, failedReads: Int = 0, pinEntries: [String] = ["1234"],
                funding: String = "credit", verification: CardholderVerification = .noCVM) {
        self.card = card
        self.action = action
        self.failedReads = failedReads
        self.pinEntries = pinEntries
        self.funding = funding
        self.verification = verification
    }

    /// EMV CVM results (tag 9F34) the card reports for ``verification``.
    var cvmResults: [UInt8] {
        switch verification {
        case .noCVM: return [0x1F, 0x03, 0x02]
        case .signature: return [0x1E, 0x03, 0x00]
        case .onlinePIN: return [0x02, 0x03, 0x00]
        case .consumerDevice: return [0x3F, 0x03, 0x02]
        }
    }
}
