import GatewayAPI
import PaymentCore
import Storage

/// Finds the payment a Koard follow-up path names: by the gateway's id (the
/// `transaction_id` the Koard routes answer with), else by the client's own
/// `transaction_id` from the sale or preauth, kept as the payment's reference, when exactly
/// one payment of the merchant carries it. Another merchant's payment is never found.
struct KoardPaymentLookup: Sendable {
    let store: any Store
    let merchantId: String

    func find(_ id: String) async throws -> Transaction? {
        let merchantId = merchantId
        if let payment = try await store.read({ try await $0.transaction(id: id, merchantId: merchantId) }), payment.type.isOriginal {
            return payment
        }
        let matches = try await byReference(id)
        return matches.count == 1 ? matches[0] : nil
    }

    /// The payment, or 404 (400 when the client's id is on several payments).
    func require(_ id: String) async throws -> Transaction {
        if let payment = try await find(id) { return payment }
        if try await byReference(id).count > 1 {
            throw GatewayFailure.invalid("id", "several payments carry the transaction_id \(id); use the gateway's transaction_id")
        }
        throw GatewayFailure.notFound(.transaction, id: id)
    }

    /// Up to two sales and two authorizations with the reference: enough to tell one from several.
    private func byReference(_ reference: String) async throws -> [Transaction] {
        let queries = [TransactionType.sale, .authorization].map { type in
            var query = TransactionQuery(merchantId: merchantId)
            query.referenceId = reference
            query.type = type
            query.pageSize = 2
            return query
        }
        return try await store.read { reader in
            var found: [Transaction] = []
            for query in queries { found += try await reader.transactions(query).items }
            return found
        }
    }
}
