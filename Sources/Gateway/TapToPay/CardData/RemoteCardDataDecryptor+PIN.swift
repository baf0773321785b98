import CardData
import Foundation

/// Single tap and PIN with `--card-data remote`: the service translates the reader's PIN
/// block (format 4, under a key only the opener of the card data holds) as a provider's HSM
/// does, into an ISO 9564 format 0 block under the triple-DES PIN key it shares with the
/// gateway, answered as `pinBlock`. The PIN deciphered here lives in this request's memory
/// only, as the PIN from Tapline's own JWE does.
extension RemoteCardDataDecryptor {
    /// The PIN in the answer's `pinBlock`, bound to the answered read's PAN; nil when the
    /// answer has none (a read without a PIN, which the PIN routes refuse as such).
    ///
    /// A block that does not decipher under the key is the cardholder's side, 400
    /// `invalid_pin_block`; a block the gateway has no key for, or that is not 16 hex digits,
    /// is the service's (or the set-up's) failure, 503.
    func translatedPIN(_ pinBlock: String?, pan: String) throws -> PIN? {
        guard let pinBlock else { return nil }
        guard let pinKey else {
            throw GatewayFailure.cardDataServiceUnavailable(
                reason: "answered a pinBlock, but no --card-data-service-pin-key is configured to decipher it")
        }
        guard pinBlock.utf8.count == 16, let block = Hex.bytes(pinBlock) else {
            throw GatewayFailure.cardDataServiceUnavailable(reason: "answered a pinBlock that is not 16 hex digits")
        }
        do {
            return try PINBlockFormat0.decipher(Data(block), pan: pan, key: pinKey)
        } catch {
            // The error names what was malformed, never a digit of the PIN, the PAN or the key.
            throw GatewayFailure.invalid("paymentCardData", "the PIN block does not open: \(error); enter the PIN again", .pinBlock)
        }
    }
}
