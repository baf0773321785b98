import CardData
import PaymentCore
import Processing

/// A reader's result, opened and checked: the card to authorize and what the payment keeps.
/// The PAN lives only in `card` (which never prints it) and only for the request. With
/// `--card-data pass-through` the card stays sealed for the acquirer, and what comes from the
/// sealed data (amount, kind, PIN token, chip data) is unknown here.
struct OpenedTap: Sendable {
    var card: PaymentCard
    var readId: String
    var readerId: String?
    /// From the sealed data (9F02 and 5F2A), when the reader put it there.
    var amount: Money?
    /// From the sealed data (9C); nil when the data passes on sealed, and the route says.
    var kind: CardRead.Kind?
    var pinToken: String?
    var applicationId: String?
    var applicationLabel: String?
    var cryptogram: String?
    var terminalVerificationResults: String?
    var applicationTransactionCounter: String?
    var funding: String?
    /// CVM results (9F34), hex.
    var cvmResults: String?
    /// Track 2 and the EMV data an acquirer verifies (ISO 8583 fields 35 and 55).
    var chip: ChipData?

    func details(deviceId: String) -> CardPresentDetails {
        var details = CardPresentDetails(deviceId: deviceId)
        details.cardReaderId = readerId
        details.cardReaderTransactionId = readId
        details.applicationId = applicationId
        details.applicationLabel = applicationLabel
        details.cryptogram = cryptogram
        details.terminalVerificationResults = terminalVerificationResults
        details.applicationTransactionCounter = applicationTransactionCounter
        details.funding = funding
        details.cvmResults = cvmResults
        return details
    }
}
