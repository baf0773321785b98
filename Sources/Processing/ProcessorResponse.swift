import CardData
import Foundation
import PaymentCore

/// The processor's decision on one request.
public struct ProcessorResponse: Sendable, Equatable {
    /// Approved (for how much), declined, PIN required or failed.
    public var outcome: OperationOutcome
    /// Response code, message, authorization code and the processor's reference.
    public var result: ProcessorResult
    /// Address verification's answer for the request's billing address; nil when none was
    /// asked or the processor cannot verify addresses.
    public var avs: AVSResult?
    /// The card's expiry as the acquirer read it, for a card Tapline passed on sealed and so
    /// never saw (`--card-data pass-through`); nil otherwise.
    public var cardExpiry: CardExpiry?
    /// The issuer's answer to the card, from a chip request's answer (ISO 8583 field 55):
    /// issuer authentication data (tag 91) and issuer scripts (71, 72), as BER-TLV in the
    /// order received; nil when the answer has none. No card number or track data.
    public var emvResponse: Data?

    public init(outcome: OperationOutcome, result: ProcessorResult, avs: AVSResult? = nil, cardExpiry: CardExpiry? = nil,
                emvResponse: Data? = nil) {
        self.outcome = outcome
        self.result = result
        self.avs = avs
        self.cardExpiry = cardExpiry
        self.emvResponse = emvResponse
    }

    /// The approved amount in minor units, or nil when nothing was approved.
    public var approvedAmount: Int64? {
        if case .approved(let amount) = outcome { return amount }
        return nil
    }
}
