/// What a tapped card leaves on its payment besides the ``CardSummary``: where it was
/// read and the EMV data a receipt shows. Nothing here is sensitive (no PAN, track data or
/// PIN), so the API shows it as it is (`cardPresent` on a transaction).
public struct CardPresentDetails: Sendable, Equatable, Codable {
    /// The device (installation id) that tapped.
    public var deviceId: String
    /// The card reader's id and its id for this read (Apple's reader and read identifiers).
    public var cardReaderId: String?
    public var cardReaderTransactionId: String?
    /// AID (4F) and application label (50), as hex and text.
    public var applicationId: String?
    public var applicationLabel: String?
    /// Application cryptogram (9F26), TVR (95) and ATC (9F36), hex.
    public var cryptogram: String?
    public var terminalVerificationResults: String?
    public var applicationTransactionCounter: String?
    /// "credit", "debit" or "prepaid" when the card said.
    public var funding: String?
    /// CVM results (9F34), hex: how the cardholder was verified and whether it worked
    /// (``CVMResults`` reads it).
    public var cvmResults: String?
    /// The issuer's answer to the card from the acquirer's answer: issuer authentication data
    /// (tag 91) and issuer scripts (71, 72), BER-TLV in upper-case hex, for a reader that can
    /// give them to the card; nil when the answer had none.
    public var emvResponse: String?

    public init(deviceId: String) {
        self.deviceId = deviceId
    }
}
