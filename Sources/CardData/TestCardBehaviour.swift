/// What the simulated processor does with a test card. Response codes are ISO 8583
/// two-character codes, kept as strings because CardData knows nothing of the processor.
public enum TestCardBehaviour: Sendable, Equatable {
    /// Approved for the full amount.
    case approve
    /// Declined with this response code.
    case decline(responseCode: String)
    /// Soft decline asking for the PIN (single tap and PIN). Retried with `correctPIN` it
    /// approves; with any other PIN it declines with `wrongPINResponseCode`.
    case pinRequired(responseCode: String, correctPIN: String, wrongPINResponseCode: String)
    /// The processor reports a system error with this code; the operation fails.
    case processorError(responseCode: String)
    /// The processor never answers; the operation fails and must be reversed.
    case noAnswer
    /// The last two digits of the amount's minor units are the response code
    /// ("00" approves, "10" approves half the amount).
    case amountDriven
    /// Approved; once captured, the cardholder disputes the payment with this reason code
    /// and the simulator reports the dispute after a short delay.
    case disputed(reasonCode: String, reason: String)
}
