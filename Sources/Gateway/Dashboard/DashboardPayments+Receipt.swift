import Foundation
import GatewayAPI

extension DashboardPayments {
    /// A payment's or refund's receipt (the API's `GET /v1/transactions/{id}/receipt` page),
    /// in the merchant's locale and time zone, with a link back to the payment.
    func receipt(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, signedIn) = (try input.parameter(.id), try input.requireSignedIn())
        let receipt: ReceiptResource
        do {
            (receipt, _) = try await ReceiptService(store: store).receipt(transactionId: id, merchantId: signedIn.user.merchantId)
        } catch let error as GatewayError {
            throw DashboardFailure.notFound("No receipt: \(error.body.message)")
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No transaction \(id.prefix(64)) for this merchant.")
        }
        return .page(ReceiptResponse.html(ReceiptPage(receipt, format: signedIn.format, back: DashboardPath.payment(id).path)))
    }
}
