/// Body of the Halo-compatible `POST /transactions/apple` and
/// `POST /transactions/{id}/submitPinApple` (the seed's `AppleTransaction` schema): the
/// reader's result after a tap, or after the PIN was entered.
///
/// Every field is optional here so a missing one is answered with a 400 naming it, rather
/// than a decoding failure.
public struct AppleTransactionRequest: Codable, Sendable, Equatable {
    /// The merchant's reference for the order (required by the Halo document).
    public var merchantReference: String?
    /// Base64 BER-TLV of the card's non-sensitive data (AID, label, masked PAN, brand).
    public var generalCardData: String?
    /// Base64 of the compact JWE sealed to the gateway's card-data key.
    public var paymentCardData: String?

    public init(merchantReference: String?, generalCardData: String?, paymentCardData: String?) {
        self.merchantReference = merchantReference
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
    }
}

/// The Halo document's `{"error": "…"}` body of a 500: the one error shape of the
/// compatibility routes that is not Tapline's envelope, and it never says more than that.
public struct HaloServerError: Codable, Sendable, Equatable {
    public var error: String

    public init(error: String = "Internal server error") { self.error = error }
}
