import CardData
import Foundation
import Logging

/// `--card-data remote`: the payment service provider's decryption service opens the card
/// data (Apple's format, which only an enrolled provider can open) and answers the EMV TLV
/// with the merchant and device it was read for. The TLV lives in this request's memory
/// only: it is never logged, stored or put into an error. A read's PIN comes translated, as
/// the answer's `pinBlock` under the PIN key the service shares with the gateway
/// (`RemoteCardDataDecryptor+PIN.swift`).
///
/// Failures: the service answering 422 means "this is not card data I can open", a 400
/// `invalid_card_data`; anything else that is not the documented answer (down, slow, refused
/// TLS, another status, garbage, too big) is a 503 `card_data_service_unavailable`, before
/// anything is written.
struct RemoteCardDataDecryptor: CardDataDecryptor {
    let client: ProviderServiceClient
    /// `--card-data-service-pin-key`: what the answer's `pinBlock` is enciphered under.
    let pinKey: TripleDESKey?
    /// Where a failing service is reported, so the operator sees it is down.
    let logger: Logger

    func decrypt(_ paymentCardData: String, context: CardDataContext) async throws -> DecryptedCardData {
        do {
            return try await exchange(paymentCardData, context: context)
        } catch GatewayFailure.cardDataServiceUnavailable(let reason) {
            logger.error("the card-data decryption service gave no usable answer; taps are refused with 503", metadata: [
                "reason": "\(reason)", "service": "\(client.endpoint.url.host ?? "")", "merchantId": "\(context.merchantId)",
                "deviceId": "\(context.deviceId)",
            ])
            throw GatewayFailure.cardDataServiceUnavailable(reason: reason)
        }
    }

    private func exchange(_ paymentCardData: String, context: CardDataContext) async throws -> DecryptedCardData {
        let body: Data
        do {
            body = try JSONEncoder().encode(CardDataServiceRequest(paymentCardData, context: context))
        } catch {
            throw GatewayFailure.invalid("paymentCardData", "paymentCardData cannot be sent to the decryption service", .cardData)
        }
        let answer: CardDataServiceAnswer
        do {
            answer = try JSONDecoder().decode(CardDataServiceAnswer.self, from: try await client.post(body))
        } catch ProviderServiceError.status(422) {
            throw GatewayFailure.invalid(
                "paymentCardData", "the card-data decryption service cannot open paymentCardData; read the card again", .cardData)
        } catch let error as ProviderServiceError {
            throw GatewayFailure.cardDataServiceUnavailable(reason: error.description)
        } catch {
            // Only the answer's shape is named: its text may hold card data.
            throw GatewayFailure.cardDataServiceUnavailable(reason: "answered something other than the documented JSON")
        }
        guard !answer.merchantId.isEmpty, !answer.deviceId.isEmpty else {
            throw GatewayFailure.cardDataServiceUnavailable(reason: "answered without the merchant and device the card was read for")
        }
        guard let plaintext = Data(base64Encoded: answer.cardData), !plaintext.isEmpty else {
            throw GatewayFailure.cardDataServiceUnavailable(reason: "answered cardData that is not base64")
        }
        let read: CardRead
        do {
            read = try CardRead(tlv: try TLVList(decoding: plaintext))
        } catch let error as TLVError {
            throw TapDataOpener.apiError(.tlv(field: "paymentCardData", error), field: "paymentCardData")
        } catch let error as CardReadError {
            throw TapDataOpener.apiError(error, field: "paymentCardData")
        }
        // The reader's own PIN block is enciphered under a key of the sealed payload that only
        // the service holds: the service must translate it into `pinBlock`.
        guard read.pinBlock == nil else {
            throw GatewayFailure.cardDataServiceUnavailable(
                reason: "answered cardData that still holds the reader's PIN block (DF8104) instead of a pinBlock under "
                    + "the key of --card-data-service-pin-key")
        }
        let pin = try translatedPIN(answer.pinBlock, pan: read.pan)
        return DecryptedCardData(read: read, pin: pin, binding: ReaderBinding(merchantId: answer.merchantId, deviceId: answer.deviceId))
    }
}
