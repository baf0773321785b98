import Foundation
import GatewayAPI

extension TaplineClient {
    /// The gateway's receipt of a payment or refund (`GET /v1/transactions/{id}/receipt`):
    /// the merchant's profile, the decision, the amounts and running totals, the masked card
    /// and the EMV data, in the field names of this SDK's ``TransactionReceipt``. For a
    /// reprint, or a receipt of a payment taken elsewhere. An unknown id (another merchant's
    /// included) throws ``TaplineAPIError/notFound(_:)``, as does a follow-up such as a
    /// capture, whose payment's receipt shows it.
    public func getReceipt(transactionId: String) async throws(TaplineAPIError) -> ReceiptResource {
        try InputCheck.identifier(transactionId, field: "transactionId")
        return try await connection.get(APIPath.receipt(transactionId))
    }
}
