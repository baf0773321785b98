import GatewayAPI

extension TaplineClient {
    /// Debits a bank account over ACH. The answer is the debit as recorded: `scheduled`
    /// (accepted; a batch close submits it), `heldByProcessor` or `declined`. Cancel it
    /// before submission with ``voidTransaction(transactionId:)``; refund it once `cleared`
    /// with ``refundTransaction(_:)``. A gateway whose processor cannot do ACH answers
    /// `.unprocessable` with code `ach_not_supported`.
    public func submitAchDebitTransaction(input: AchTransactionInput) async throws(TaplineAPIError) -> TransactionDetails {
        let resource: TransactionResource = try await connection.post(APIPath.achDebit, body: try input.wire())
        return try TransactionDetails(resource)
    }
}
