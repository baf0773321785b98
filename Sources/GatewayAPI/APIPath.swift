/// Paths of the canonical API, shared by the gateway's router and the SDK so they cannot drift.
public enum APIPath {
    public static let health = "/health"
    /// Readiness: 503 while the processor cannot be reached.
    public static let ready = "/ready"
    /// Prometheus' scrape (text format), on the API's port unless `--metrics-port` moves it.
    public static let metrics = "/metrics"
    public static let openAPI = "/v1/openapi.yaml"
    public static let token = "/v1/oauth/token"
    public static let permissions = "/v1/permissions"
    public static let transactions = "/v1/transactions"
    public static let sale = "/v1/transactions/sale"
    public static let authorization = "/v1/transactions/authorization"
    /// An ACH debit of a bank account.
    public static let achDebit = "/v1/transactions/ach"
    /// Card-present refund by tapping the card again.
    public static let tapRefund = "/v1/transactions/refund"
    /// Halo-compatible routes (outside `/v1`, exactly as the Halo document names them).
    public static let appleTransaction = "/transactions/apple"
    public static func submitPinApple(_ id: String) -> String { "/transactions/\(id)/submitPinApple" }
    /// The PIN for a payment waiting for one (single tap and PIN).
    public static func pin(_ id: String) -> String { "\(transactions)/\(id)/pin" }
    /// The cardholder's signature on a tapped payment (Toro's app signature mode).
    public static func signature(_ id: String) -> String { "\(transactions)/\(id)/signature" }
    /// A payment's or refund's receipt, JSON or (with `Accept: text/html`) a page to print.
    public static func receipt(_ id: String) -> String { "\(transactions)/\(id)/receipt" }
    public static let batches = "/v1/batches"
    public static let closeBatch = "/v1/batches/close"
    public static func batch(_ id: String) -> String { "\(batches)/\(id)" }
    public static let devices = "/v1/devices"
    /// What each tender would pay under the merchant's pricing (ARISE `calculateAmount`).
    public static let calculateAmount = "/v1/amounts/calculate"
    /// The merchant's payment settings (ARISE `getPaymentSettings`); PATCH changes them.
    public static let paymentSettings = "/v1/settings/payment"

    public static func transaction(_ id: String) -> String { "\(transactions)/\(id)" }

    /// The follow-up operations on a payment, as the last path component.
    public enum FollowUp: String, Sendable, CaseIterable {
        case capture
        case increment
        case adjustTip = "adjust-tip"
        case void
        case reverse
        case refund
    }

    public static func followUp(_ id: String, _ operation: FollowUp) -> String { "\(transaction(id))/\(operation.rawValue)" }

    public static func device(_ deviceId: String) -> String { "\(devices)/\(deviceId)" }
    public static func activateTapToPay(_ deviceId: String) -> String { "\(device(deviceId))/tap-to-pay/activate" }
    public static func deactivateTapToPay(_ deviceId: String) -> String { "\(device(deviceId))/tap-to-pay/deactivate" }
    public static func readerToken(_ deviceId: String) -> String { "\(device(deviceId))/reader-token" }

    // Webhooks: endpoints and the events sent to them.
    public static let webhookEndpoints = "/v1/webhooks/endpoints"
    public static func webhookEndpoint(_ id: String) -> String { "\(webhookEndpoints)/\(id)" }
    /// A new signing secret for the endpoint, shown once; the old one stops at once.
    public static func webhookEndpointSecretRotation(_ id: String) -> String { "\(webhookEndpoint(id))/rotate-secret" }
    /// Cardholders' disputes of the merchant's card payments.
    public static let disputes = "/v1/disputes"
    public static func dispute(_ id: String) -> String { "\(disputes)/\(id)" }
    /// The merchant accepts the dispute: the amount is taken back.
    public static func disputeAcceptance(_ id: String) -> String { "\(dispute(id))/accept" }
    /// The merchant's evidence (``DisputeEvidenceRequest``).
    public static func disputeEvidence(_ id: String) -> String { "\(dispute(id))/evidence" }
    /// One evidence file's bytes.
    public static func disputeEvidenceFile(_ id: String, fileId: String) -> String { "\(disputeEvidence(id))/\(fileId)" }
    /// An operator's import of the acquirer's dispute file (CSV, see the OpenAPI document).
    public static let disputeImport = "/v1/disputes/import"
    public static let events = "/v1/events"
    public static func event(_ id: String) -> String { "\(events)/\(id)" }
    /// Sends the event again (`ResendWebhookEventRequest`).
    public static func eventResend(_ id: String) -> String { "\(event(id))/resend" }
}
