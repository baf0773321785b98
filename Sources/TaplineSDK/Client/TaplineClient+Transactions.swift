import Foundation
import GatewayAPI

extension TaplineClient {
    /// One page of the merchant's transactions, originals and follow-ups alike (ARISE
    /// `getTransactions`). Without filters: page 0 of 20, newest first.
    public func getTransactions(filters: TransactionFilters? = nil) async throws(TaplineAPIError) -> TransactionsResponse {
        let list: TransactionList = try await connection.get(APIPath.transactions, query: filters?.queryItems ?? [])
        return try TransactionsResponse(list)
    }

    /// One transaction with its follow-ups and the operations it allows now (ARISE
    /// `getTransactionDetails`), or nil when this merchant has no transaction with that id
    /// (another merchant's included), as the ARISE document says. A malformed id still throws
    /// ``TaplineAPIError/badRequest(_:)``, before any request.
    public func getTransactionDetails(id: String) async throws(TaplineAPIError) -> TransactionDetails? {
        try await transactionDetails(id)
    }

    /// ``getTransactionDetails(id:)`` for callers that need the transaction: an unknown id
    /// throws ``TaplineAPIError/notFound(_:)`` with the gateway's words.
    func requireTransactionDetails(_ id: String) async throws(TaplineAPIError) -> TransactionDetails {
        try InputCheck.identifier(id, field: "id")
        let resource: TransactionResource = try await connection.get(APIPath.transaction(id))
        return try TransactionDetails(resource)
    }

    private func transactionDetails(_ id: String) async throws(TaplineAPIError) -> TransactionDetails? {
        do {
            return try await requireTransactionDetails(id)
        } catch .notFound {
            return nil
        }
    }

    /// Places a hold on a keyed card (ARISE `submitAuthTransaction`); capture it later with
    /// ``captureTransaction(transactionId:amount:currency:)``. The input is checked before
    /// anything is sent. A decline is an answer with status `declined`, not an error.
    ///
    /// An amount of zero verifies the card instead (ARISE `CardAuthentication`): nothing is
    /// held, and the answer's status is `verified` or `declined`.
    public func submitAuthTransaction(input: CardTransactionInput) async throws(TaplineAPIError) -> CardTransactionResponse {
        try await submit(input, to: APIPath.authorization, verifying: true)
    }

    /// Charges a keyed card at once, authorization and capture together (ARISE
    /// `submitSaleTransaction`). The input is checked before anything is sent. A decline is
    /// an answer with status `declined`, not an error.
    public func submitSaleTransaction(input: CardTransactionInput) async throws(TaplineAPIError) -> CardTransactionResponse {
        try await submit(input, to: APIPath.sale)
    }

    private func submit(_ input: CardTransactionInput, to path: String,
                        verifying: Bool = false) async throws(TaplineAPIError) -> CardTransactionResponse {
        let request = try input.wire(deviceId: getDeviceId(), verifying: verifying)
        let resource: TransactionResource = try await connection.post(path, body: request)
        return try CardTransactionResponse(resource)
    }
}
