import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// `POST /v1/transactions/ach`: an ACH debit. Its cancel and refunds are the payment's
/// void and refund (`TransactionController`); it is listed and read as every transaction is.
struct ACHController {
    let debits: ACHDebitService
    let store: any Store
    let renderer: TransactionRenderer

    var routes: [GatewayRoute] {
        [
            .idempotent(.post, APIPath.achDebit, .permission(.achDebit)) { input in
                let caller = try input.caller
                let debit = try ACHDebitValidator.validate(JSONCoding.decode(ACHTransactionRequest.self, from: input.body), createdBy: caller)
                let created = try await debits.debit(debit, merchantId: caller.merchantId, idempotency: input.claim, logger: input.context.logger)
                let merchant = try await store.merchantAsLastWritten(id: caller.merchantId)
                return (.created, try JSONCoding.encoder.encode(renderer.render(created, merchant: merchant)))
            },
        ]
    }
}
