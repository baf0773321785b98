import Foundation
import GatewayAPI

/// A `transaction.*` event's payload written around payments already encoded, byte for byte
/// what `APIJSON.encoder` writes for the whole ``WebhookEventPayload`` (a test pins it), so a
/// payment encoded once serves its event and the answer to the request
/// (``EncodedTransactions``). The envelope is encoded with empty `data` and the payments go in
/// its place; keys stay sorted (`operation` before `transaction`).
enum WebhookEventEnvelope {
    private static let emptyData = Data(#""data":{}"#.utf8)

    static func payload(id: String, type: String, createdAt: Date, transaction: Data, operation: Data?) throws -> Data {
        let envelope = WebhookEventPayload(id: id, type: type, createdAt: createdAt, data: WebhookEventData())
        var payload = try APIJSON.encoder.encode(envelope)
        // `createdAt` (a date) sorts before `data`; `id` and `type` after it: the first match is the slot.
        guard let slot = payload.firstRange(of: emptyData) else {
            throw EncodingError.invalidValue(envelope, .init(codingPath: [], debugDescription: "the event's envelope has no empty data"))
        }
        var data = Data(#""data":{"#.utf8)
        if let operation {
            data.append(contentsOf: #""operation":"#.utf8)
            data.append(operation)
            data.append(UInt8(ascii: ","))
        }
        data.append(contentsOf: #""transaction":"#.utf8)
        data.append(transaction)
        data.append(UInt8(ascii: "}"))
        payload.replaceSubrange(slot, with: data)
        return payload
    }
}
