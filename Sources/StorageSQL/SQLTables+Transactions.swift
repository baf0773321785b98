import Foundation
import PaymentCore
import Storage

extension SQLTables {
    /// Every field of a `Transaction` has a column of its own, so filters, orders and the
    /// money (integer minor units) live in typed columns and there is no second copy (no
    /// JSON blob) that could disagree with them. A new field on `Transaction` needs a
    /// column here and a migration in each store; `everyTransactionFieldHasAColumn` fails
    /// until it has one.
    static let transactions = SQLTable<Transaction>("transactions", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "type") { .text($0.type.rawValue) },
        Column(name: "status") { .text($0.status.rawValue) },
        Column(name: "parent_id") { SQLValue.text($0.parentId) },
        Column(name: "currency") { .text($0.currency.code) },
        Column(name: "amount") { SQLValue.integer($0.amount) },
        Column(name: "authorized_amount") { SQLValue.integer($0.authorizedAmount) },
        Column(name: "captured_amount") { SQLValue.integer($0.capturedAmount) },
        Column(name: "refunded_amount") { SQLValue.integer($0.refundedAmount) },
        // Lost and accepted disputes (migration 40 / 35).
        Column(name: "charged_back_amount") { SQLValue.integer($0.chargedBackAmount) },
        Column(name: "tip_amount") { SQLValue.integer($0.tipAmount) },
        Column(name: "pending_refund_amount") { SQLValue.integer($0.pendingRefundAmount) },
        Column(name: "pending_operation_id") { SQLValue.text($0.pendingOperationId) },
        Column(name: "masked_pan") { SQLValue.text($0.card?.maskedPan) },
        Column(name: "card_brand") { SQLValue.text($0.card?.brand) },
        Column(name: "card_pan_hash") { SQLValue.text($0.card?.panHash) },
        Column(name: "card_expiry_month") { SQLValue.integer($0.card?.expiryMonth) },
        Column(name: "card_expiry_year") { SQLValue.integer($0.card?.expiryYear) },
        Column(name: "card_entry_mode") { SQLValue.text($0.card?.entryMode) },
        Column(name: "processor_response_code") { SQLValue.text($0.processorResult?.responseCode) },
        Column(name: "processor_message") { SQLValue.text($0.processorResult?.message) },
        Column(name: "processor_authorization_code") { SQLValue.text($0.processorResult?.authorizationCode) },
        Column(name: "processor_reference") { SQLValue.text($0.processorResult?.reference) },
        Column(name: "processor_trace") { SQLValue.text($0.processorTrace) },
        Column(name: "pin_token") { SQLValue.text($0.pinChallenge?.token) },
        Column(name: "pin_expires_at") { SQLValue.date($0.pinChallenge?.expiresAt) },
        Column(name: "pin_failed_attempts") { SQLValue.integer($0.pinChallenge?.failedAttempts) },
        Column(name: "pin_max_attempts") { SQLValue.integer($0.pinChallenge?.maxAttempts) },
        Column(name: "pin_device_id") { SQLValue.text($0.pinChallenge?.deviceId) },
        Column(name: "device_id") { SQLValue.text($0.cardPresent?.deviceId) },
        Column(name: "card_reader_id") { SQLValue.text($0.cardPresent?.cardReaderId) },
        Column(name: "card_reader_transaction_id") { SQLValue.text($0.cardPresent?.cardReaderTransactionId) },
        Column(name: "emv_application_id") { SQLValue.text($0.cardPresent?.applicationId) },
        Column(name: "emv_application_label") { SQLValue.text($0.cardPresent?.applicationLabel) },
        Column(name: "emv_cryptogram") { SQLValue.text($0.cardPresent?.cryptogram) },
        Column(name: "emv_tvr") { SQLValue.text($0.cardPresent?.terminalVerificationResults) },
        Column(name: "emv_atc") { SQLValue.text($0.cardPresent?.applicationTransactionCounter) },
        Column(name: "card_funding") { SQLValue.text($0.cardPresent?.funding) },
        // CVM results (9F34), hex (migration 21).
        Column(name: "emv_cvm_results") { SQLValue.text($0.cardPresent?.cvmResults) },
        Column(name: "emv_response") { SQLValue.text($0.cardPresent?.emvResponse) },
        Column(name: "reference_id") { SQLValue.text($0.referenceId) },
        Column(name: "customer_id") { SQLValue.text($0.customerId) },
        Column(name: "customer_name") { SQLValue.text($0.customerName) },
        Column(name: "customer_email") { SQLValue.text($0.customerEmail) },
        Column(name: "created_by_id") { SQLValue.text($0.createdById) },
        Column(name: "create_method") { SQLValue.integer($0.createMethod.rawValue) },
        Column(name: "batch_id") { SQLValue.text($0.batchId) },
        Column(name: "settled_at") { SQLValue.date($0.settledAt) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "updated_at") { SQLValue.date($0.updatedAt) },
    ] + breakdownColumns + keyedDetailColumns + [
        // The app's own data, JSON object text as the gateway checked it (migration 18).
        Column(name: "additional_information") { SQLValue.text($0.additionalInformation) },
        // The signature image, base64 (migration 19).
        Column(name: "signature") { SQLValue.text($0.signature) },
        // Held for the cardholder's signature (migration 26).
        Column(name: "signature_required") { .bool($0.signatureRequired) },
    ] + bankAccountColumns + balanceColumns + batchMovementColumns, decode: decodeTransaction)

    /// What the row counts in its batch (``Transaction/batchMovement``), NULL when nothing,
    /// written with the row and never read back into it: the triggers that keep
    /// `batch_totals` read them (SQLite migration 32, PostgreSQL 26).
    static let batchMovementColumns: [SQLTable<Transaction>.Column] = [
        Column(name: "batch_kind") { SQLValue.text($0.batchMovement?.kind) },
        Column(name: "batch_brand") { SQLValue.text($0.batchMovement?.brand) },
        Column(name: "batch_amount") { SQLValue.integer($0.batchMovement?.amount) },
    ]

    private static func decodeTransaction(_ row: SQLRowReader) throws -> Transaction {
        let code = try row.text("currency")
        guard let currency = Currency(code: code) else { throw StoreError.corrupt("transactions.currency \(code) is unknown") }
        var transaction = Transaction(
            id: try row.text("id"), merchantId: try row.text("merchant_id"),
            type: try row.value(TransactionType.self, "type"), status: try row.value(TransactionStatus.self, "status"),
            parentId: try row.optionalText("parent_id"), currency: currency, amount: try row.int64("amount"),
            createMethod: try row.value(CreateMethod.self, "create_method"), createdAt: try row.date("created_at"))
        transaction.authorizedAmount = try row.int64("authorized_amount")
        transaction.capturedAmount = try row.int64("captured_amount")
        transaction.refundedAmount = try row.int64("refunded_amount")
        transaction.chargedBackAmount = try row.int64("charged_back_amount")
        transaction.tipAmount = try row.int64("tip_amount")
        transaction.pendingRefundAmount = try row.int64("pending_refund_amount")
        transaction.pendingOperationId = try row.optionalText("pending_operation_id")
        transaction.card = try decodeCard(row)
        transaction.processorResult = try decodeProcessorResult(row)
        transaction.processorTrace = try row.optionalText("processor_trace")
        transaction.pinChallenge = try decodePINChallenge(row)
        transaction.cardPresent = try decodeCardPresent(row)
        transaction.referenceId = try row.optionalText("reference_id")
        transaction.customerId = try row.optionalText("customer_id")
        transaction.customerName = try row.optionalText("customer_name")
        transaction.customerEmail = try row.optionalText("customer_email")
        transaction.createdById = try row.optionalText("created_by_id")
        transaction.batchId = try row.optionalText("batch_id")
        transaction.settledAt = try row.optionalDate("settled_at")
        transaction.updatedAt = try row.date("updated_at")
        transaction.breakdown = try decodeBreakdown(row)
        try decodeKeyedDetails(row, into: &transaction)
        transaction.additionalInformation = try row.optionalText("additional_information")
        transaction.signature = try row.optionalText("signature")
        transaction.signatureRequired = try row.bool("signature_required")
        transaction.bankAccount = try decodeBankAccount(row)
        transaction.balanceAfter = try decodeBalance(row)
        return transaction
    }

    // A card is there when its masked PAN is; its other columns are then required.
    private static func decodeCard(_ row: SQLRowReader) throws -> CardSummary? {
        guard let maskedPan = try row.optionalText("masked_pan") else { return nil }
        return CardSummary(
            maskedPan: maskedPan, brand: try row.text("card_brand"), panHash: try row.text("card_pan_hash"),
            expiryMonth: try row.int("card_expiry_month"), expiryYear: try row.int("card_expiry_year"),
            entryMode: try row.text("card_entry_mode"))
    }

    // A challenge is there when its token is; its counters are then required.
    private static func decodePINChallenge(_ row: SQLRowReader) throws -> PINChallenge? {
        guard let token = try row.optionalText("pin_token") else { return nil }
        return PINChallenge(
            token: token, expiresAt: try row.date("pin_expires_at"), maxAttempts: try row.int("pin_max_attempts"),
            deviceId: try row.optionalText("pin_device_id"), failedAttempts: try row.int("pin_failed_attempts"))
    }

    private static func decodeCardPresent(_ row: SQLRowReader) throws -> CardPresentDetails? {
        guard let deviceId = try row.optionalText("device_id") else { return nil }
        var details = CardPresentDetails(deviceId: deviceId)
        details.cardReaderId = try row.optionalText("card_reader_id")
        details.cardReaderTransactionId = try row.optionalText("card_reader_transaction_id")
        details.applicationId = try row.optionalText("emv_application_id")
        details.applicationLabel = try row.optionalText("emv_application_label")
        details.cryptogram = try row.optionalText("emv_cryptogram")
        details.terminalVerificationResults = try row.optionalText("emv_tvr")
        details.applicationTransactionCounter = try row.optionalText("emv_atc")
        details.funding = try row.optionalText("card_funding")
        details.cvmResults = try row.optionalText("emv_cvm_results")
        details.emvResponse = try row.optionalText("emv_response")
        return details
    }

    private static func decodeProcessorResult(_ row: SQLRowReader) throws -> ProcessorResult? {
        guard let responseCode = try row.optionalText("processor_response_code") else { return nil }
        return ProcessorResult(
            responseCode: responseCode, message: try row.text("processor_message"),
            authorizationCode: try row.optionalText("processor_authorization_code"),
            reference: try row.optionalText("processor_reference"))
    }
}
