import Foundation
import GatewayAPI
import PaymentCore

extension IdempotentAnswer {
    /// `/v1`'s answer to an operation it started: 201 with the payment (a sale, an
    /// authorization, an unreferenced refund), or with a follow-up and its payment.
    static func v1(_ renderer: TransactionRenderer) -> IdempotentAnswer {
        IdempotentAnswer { finished, payment, merchant in
            guard finished.parentId != nil else { return (.created, try renderer.json(finished, merchant: merchant)) }
            let response = FollowUpResponse(
                operation: renderer.render(finished, merchant: merchant), payment: renderer.render(payment, merchant: merchant))
            return (.created, try response.jsonData())
        }
    }
}
