import Foundation

extension WebhookEventPayload {
    /// A `transaction.*` event's payload around payments already written
    /// (``TransactionResource/jsonData()``): byte for byte what `APIJSON.encoder` writes for
    /// the whole payload, with `operation` before `transaction` as sorted keys put it.
    public static func jsonData(id: String, type: String, createdAt: Date, transaction: Data, operation: Data?) -> Data {
        var json = JSONBytes()
        json.object { json in
            json.member("createdAt", createdAt)
            json.key("data")
            json.object { json in
                if let operation {
                    json.key("operation")
                    json.raw(operation)
                }
                json.key("transaction")
                json.raw(transaction)
            }
            json.member("id", id)
            json.member("type", type)
        }
        return Data(json.bytes)
    }
}
