/// The one error envelope of the API: `{"error": {"code": …, "message": …, "field": …}}`.
public struct ErrorEnvelope: Codable, Sendable, Equatable {
    public var error: APIError

    public init(error: APIError) { self.error = error }
}

/// An error as the client sees it.
public struct APIError: Codable, Sendable, Equatable, Error {
    /// Stable machine-readable code, one of ``APIErrorCode``.
    public var code: String
    /// What went wrong and, where possible, what to do.
    public var message: String
    /// The request field at fault, for validation errors (dotted path, e.g. "amount").
    public var field: String?
    /// The payment's current status, for refused moves.
    public var status: String?
    /// The transaction the error is about, when one was recorded (e.g. a failed payment).
    public var transactionId: String?

    public init(code: APIErrorCode, message: String, field: String? = nil, status: String? = nil, transactionId: String? = nil) {
        self.code = code.rawValue
        self.message = message
        self.field = field
        self.status = status
        self.transactionId = transactionId
    }
}

/// Every error code the canonical API answers with.
public enum APIErrorCode: String, Sendable, CaseIterable {
    // 400
    case invalidRequest = "invalid_request"
    case invalidJSON = "invalid_json"
    /// A body field or query parameter the route does not take; `field` names it.
    case unknownField = "unknown_field"
    case invalidAmount = "invalid_amount"
    case unknownCurrency = "unknown_currency"
    case invalidCardNumber = "invalid_card_number"
    case invalidExpiry = "invalid_expiry"
    case cardExpired = "card_expired"
    case invalidGrant = "invalid_grant"
    case unsupportedGrantType = "unsupported_grant_type"
    // 400: sealed card data from a reader
    case invalidCardData = "invalid_card_data"
    case cardDataNotJWE = "card_data_not_jwe"
    case cardDataUnsupportedAlgorithm = "card_data_unsupported_algorithm"
    case cardDataUnknownKey = "card_data_unknown_key"
    case cardDataTampered = "card_data_tampered"
    case cardReadStale = "card_read_stale"
    case cardReadMismatch = "card_read_mismatch"
    case cardMismatch = "card_mismatch"
    /// The sealed card data was made under another device's or merchant's reader token.
    case cardReadWrongReader = "card_read_wrong_reader"
    case pinBlockMissing = "pin_block_missing"
    case invalidPINBlock = "invalid_pin_block"
    case invalidPINToken = "invalid_pin_token"
    /// `X-Device-Installation-Id` is missing or not an installation id.
    case deviceHeaderMissing = "device_header_missing"
    /// A payment breakdown whose parts do not add up to the amount it describes.
    case breakdownMismatch = "breakdown_mismatch"
    /// The merchant's payment settings do not take the currency or the card's brand.
    case currencyNotAccepted = "currency_not_accepted"
    /// A follow-up's `currency` is not its payment's.
    case currencyMismatch = "currency_mismatch"
    case cardBrandNotAccepted = "card_brand_not_accepted"
    /// A webhook endpoint's URL is not an absolute http(s) URL with a host.
    case invalidURL = "invalid_url"
    /// A webhook endpoint lists an event type that does not exist.
    case unknownEventType = "unknown_event_type"
    // 401, 403, 404
    case unauthorized = "unauthorized"
    case invalidClient = "invalid_client"
    case forbidden = "forbidden"
    /// The device is not registered to the caller's merchant.
    case deviceNotRegistered = "device_not_registered"
    /// Tap to Pay is not active on the device.
    case tapToPayInactive = "tap_to_pay_inactive"
    /// The operation's type is not among the merchant's transaction types.
    case transactionTypeNotEnabled = "transaction_type_not_enabled"
    case notFound = "not_found"
    // 409, 422
    case invalidStateTransition = "invalid_state_transition"
    case amountExceedsAvailable = "amount_exceeds_available"
    case authorizationExpired = "authorization_expired"
    case operationInProgress = "operation_in_progress"
    /// A capture of a tapped payment whose card asked for a signature, with none stored.
    case signatureRequired = "signature_required"
    case idempotencyKeyInUse = "idempotency_key_in_use"
    case idempotencyKeyMismatch = "idempotency_key_mismatch"
    case cardReadReplayed = "card_read_replayed"
    case notAwaitingPIN = "transaction_not_awaiting_pin"
    case pinAttemptInProgress = "pin_attempt_in_progress"
    case pinWindowExpired = "pin_window_expired"
    /// The dispute cannot move as asked: answered already, or closed.
    case disputeNotOpen = "dispute_not_open"
    /// A refund, void or reversal of a payment whose cardholder disputes it (open or lost).
    case paymentDisputed = "payment_disputed"
    /// Payments go to an acquirer, and this merchant has no acquirer merchant and terminal id.
    case acquirerNotConfigured = "acquirer_not_configured"
    /// Reader tokens need a merchant setting (the error's `field`, e.g. `appleMerchantIdentifier`) this merchant lacks.
    case merchantSettingMissing = "merchant_setting_missing"
    /// The payment service provider's reader-token service (`--reader-tokens remote`) gave no
    /// usable token; nothing was written and the request may be retried.
    case readerTokenServiceUnavailable = "reader_token_service_unavailable"
    /// The merchant's processor cannot debit bank accounts (an ISO 8583 acquirer link is cards only).
    case achNotSupported = "ach_not_supported"
    // 403
    case pinNotPermitted = "pin_not_permitted"
    // 5xx
    case processorError = "processor_error"
    case processorTimeout = "processor_timeout"
    /// The processor (an acquirer link with no connection up) cannot be reached; nothing was
    /// sent and the request may be retried.
    case processorUnavailable = "processor_unavailable"
    /// The database cannot be reached; the request changed nothing and may be retried.
    case serviceUnavailable = "service_unavailable"
    /// The provider's card-data decryption service (`--card-data remote`) is down, slow or answered
    /// something unusable: nothing was charged or written.
    case cardDataServiceUnavailable = "card_data_service_unavailable"
    case internalError = "internal_error"
}
