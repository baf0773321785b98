import Foundation
import HTTPTypes
import PaymentCore
import Storage

/// How a payment route answers from the operation it finished, given to its claim
/// (``IdempotencyClaim/answering(with:)``) so that phase 3 renders the answer before its write
/// and keeps it as the key's in that write, and used by the route for its own answer, so the
/// two are the same bytes.
struct IdempotentAnswer: Sendable {
    /// An answer, with the rows and merchant it was rendered from.
    struct Rendered: Sendable, Equatable {
        let status: HTTPResponse.Status
        let body: Data
        let finished: Transaction
        let payment: Transaction
        let merchant: Merchant?
    }

    /// The answer for `finished` (the operation; the payment itself for a sale) and its `payment`.
    let render: @Sendable (_ finished: Transaction, _ payment: Transaction, _ merchant: Merchant?) throws -> (HTTPResponse.Status, Data)

    /// Phase 3's answer, rendered before its write from the rows it expects to leave.
    func prepare(finished: Transaction, payment: Transaction, merchant: Merchant?) throws -> Rendered {
        let (status, body) = try render(finished, payment, merchant)
        return Rendered(status: status, body: body, finished: finished, payment: payment, merchant: merchant)
    }

    /// The route's answer: the one `claim`'s phase 3 kept when it was rendered from exactly
    /// these rows and merchant, else a fresh one.
    func answer(
        _ finished: Transaction, payment: Transaction, merchant: Merchant?, claim: IdempotencyClaim?
    ) throws -> (HTTPResponse.Status, Data) {
        if let kept = claim?.progress.keptAnswer, kept.finished == finished, kept.payment == payment, kept.merchant == merchant {
            return (kept.status, kept.body)
        }
        return try render(finished, payment, merchant)
    }
}
