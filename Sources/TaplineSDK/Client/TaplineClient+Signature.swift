import Foundation
import GatewayAPI

/// The cardholder's signature on a tapped payment, taken in the app (Toro's app signature
/// mode). ``TransactionSession`` stores it by itself; these are for an app that takes
/// signatures its own way, and for printing a receipt later.
extension TaplineClient {
    /// Stores `signatureBase64` (a PNG or JPEG image, at most 64 KiB) with the payment. The
    /// same image again is a repeat; a payment keeps its first signature.
    @discardableResult
    public func uploadSignature(transactionId: String, signatureBase64: String) async throws(TaplineAPIError) -> SignatureResource {
        try InputCheck.identifier(transactionId, field: "transactionId")
        return try connection.decode(try await connection.sendJSON(
            APIPath.signature(transactionId), method: "PUT", body: SignatureResource(signature: signatureBase64)))
    }

    /// The signature stored with the payment, or nil when it has none.
    public func getSignature(transactionId: String) async throws(TaplineAPIError) -> SignatureResource? {
        try InputCheck.identifier(transactionId, field: "transactionId")
        do {
            return try await connection.get(APIPath.signature(transactionId))
        } catch .notFound {
            return nil
        }
    }
}
