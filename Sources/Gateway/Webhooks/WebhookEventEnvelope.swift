import Foundation
import GatewayAPI

/// A `transaction.*` event's payload written around payments already encoded, byte for byte
/// what `APIJSON.encoder` writes for the whole ``WebhookEventPayload`` (a test pins it), so a
/// payment encoded once serves its event and the answer to the request
/// (``EncodedTransactions``). Written by hand (``WebhookEventPayload/jsonData(id:type:createdAt:transaction:operation:)``):
/// encoding the envelope was 2 % of a keyed sale's CPU.
enum WebhookEventEnvelope {
    static func payload(id: String, type: String, createdAt: Date, transaction: Data, operation: Data?) -> Data {
        WebhookEventPayload.jsonData(id: id, type: type, createdAt: createdAt, transaction: transaction, operation: operation)
    }
}
