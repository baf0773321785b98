import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// Finds a transaction's receipt for its merchant: the row, the payment a refund refunds,
/// and the merchant's profile, in one read.
struct ReceiptService: Sendable {
    let store: any Store

    /// The receipt and the merchant (for its locale and time zone). Another merchant's id, or
    /// none, is `not_found`; a follow-up with no receipt of its own says whose to ask for.
    func receipt(transactionId id: String, merchantId: String) async throws -> (ReceiptResource, Merchant?) {
        let found = try await store.read { reader -> (Transaction, Transaction?, Merchant?)? in
            guard let row = try await reader.transaction(id: id, merchantId: merchantId) else { return nil }
            var payment: Transaction?
            if let parentId = row.parentId { payment = try await reader.transaction(id: parentId, merchantId: merchantId) }
            return (row, payment, try await reader.merchant(id: merchantId))
        }
        guard let (row, payment, merchant) = found else { throw GatewayFailure.notFound(.transaction, id: id) }
        if let refusal = ReceiptBuilder.refusal(of: row) { throw GatewayError(.notFound, .notFound, refusal) }
        let profile = merchant.map(MerchantResource.init(receiptOf:)) ?? MerchantResource(name: merchantId)
        return (ReceiptBuilder.receipt(of: row, payment: payment, merchant: profile), merchant)
    }
}

extension MerchantResource {
    /// The merchant as a receipt names it (on a receipt, and on one transaction's details).
    init(receiptOf merchant: Merchant) {
        self.init(
            name: merchant.name, address: merchant.profile.formattedAddress, phoneNumber: merchant.profile.phoneNumber,
            emailAddress: merchant.profile.emailAddress, website: merchant.profile.website)
    }
}
