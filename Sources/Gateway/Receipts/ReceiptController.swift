import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// `GET /v1/transactions/{id}/receipt`: a payment's or refund's receipt as JSON
/// (``ReceiptResource``), or with `Accept: text/html` as a page that prints cleanly, in the
/// merchant's locale and time zone. What an app shares with its customer or prints.
struct ReceiptController {
    let receipts: ReceiptService

    var routes: [GatewayRoute] {
        [.get(APIPath.receipt(PathParameter.id.template), .permission(.getTransactionDetails)) { input in try await receipt(input) }]
    }

    private func receipt(_ input: RouteInput) async throws -> Response {
        let (caller, id) = (try input.caller, try input.parameter(.id))
        let (receipt, merchant) = try await receipts.receipt(transactionId: id, merchantId: caller.merchantId)
        guard ReceiptResponse.wantsHTML(input.request.headers[.accept]) else { return try JSONCoding.response(.ok, receipt) }
        let format = merchant.map { MerchantFormat($0.paymentSettings) } ?? .standard
        return ReceiptResponse.html(ReceiptPage(receipt, format: format))
    }
}
