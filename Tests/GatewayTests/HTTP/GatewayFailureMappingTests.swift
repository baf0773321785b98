import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Processing
import Testing

/// The canonical table: each domain failure as the `/v1` API answers it. The expected
/// answers are the ones the services gave when they built the HTTP error themselves.
@Suite("GatewayFailure → canonical envelope")
struct GatewayFailureMappingTests {
    struct Expected: Sendable {
        var status: Int
        var code: APIErrorCode
        var message: String
        var field: String? = nil
        var paymentStatus: String? = nil
        var transactionId: String? = nil
    }

    static let failedRow = Transaction(
        id: "txn_1", merchantId: "m", type: .sale, status: .failed, currency: .usd, amount: 100, createdAt: .distantPast)

    static let table: [(GatewayFailure, Expected)] = [
        (.invalid("amount", "amount is required", .amount), Expected(status: 400, code: .invalidAmount, message: "amount is required", field: "amount")),
        (.invalid("page", "page must be a whole number from 0"), Expected(status: 400, code: .invalidRequest, message: "page must be a whole number from 0", field: "page")),
        (.notFound(.transaction, id: "txn_9"), Expected(status: 404, code: .notFound, message: "transaction txn_9 not found")),
        (.notFound(.webhookEndpoint, id: "we_1"), Expected(status: 404, code: .notFound, message: "webhook endpoint we_1 not found")),
        (.unauthenticated(.missingToken), Expected(status: 401, code: .unauthorized, message: "missing bearer token: send Authorization: Bearer <access token>")),
        (.unauthenticated(.notBearer), Expected(status: 401, code: .unauthorized, message: "the Authorization header must be: Bearer <access token>")),
        (.unauthenticated(.invalidToken), Expected(
            status: 401, code: .unauthorized, message: "the access token is invalid or expired; get a new one from /v1/oauth/token")),
        (.unauthenticated(.invalidClient), Expected(status: 401, code: .invalidClient, message: "unknown client id or wrong client secret")),
        (.unauthenticated(.integratorTokenRefused(clientId: "tl_1", reason: "the token expired")), Expected(
            status: 401, code: .unauthorized, message: "the JWT from your backend was refused: the token expired")),
        (.unauthenticated(.invalidGrant), Expected(
            status: 400, code: .invalidGrant, message: "the refresh token is invalid, expired or already used; authenticate again")),
        (.forbidden(.transactionTypeNotEnabled(.refund)), Expected(
            status: 403, code: .transactionTypeNotEnabled,
            message: "refund is not among this merchant's transaction types (payment settings: transaction types)")),
        (.forbidden(.deviceNotRegistered(deviceId: "phone-1")), Expected(
            status: 403, code: .deviceNotRegistered, message: "device phone-1 is not registered; register it with POST /v1/devices")),
        (.forbidden(.tapToPayInactive(deviceId: "phone-1", status: .suspended)), Expected(
            status: 403, code: .tapToPayInactive,
            message: "Tap to Pay is suspended on device phone-1; activate it with POST /v1/devices/phone-1/tap-to-pay/activate")),
        (.forbidden(.pinFromAnotherDevice(paymentId: "txn_1")), Expected(
            status: 403, code: .pinNotPermitted, message: "only the device that tapped may send the PIN for transaction txn_1")),
        (.forbidden(.unreferencedRefund), Expected(
            status: 403, code: .forbidden,
            message: "no payment matches this refund, and an unreferenced refund needs the ecommerceRefundWithoutReference permission")),
        (.paymentRefused(.invalidTransition(operation: .capture, status: .voided, settled: false), paymentStatus: .voided), Expected(
            status: 409, code: .invalidStateTransition,
            message: PaymentError.invalidTransition(operation: .capture, status: .voided, settled: false).description, paymentStatus: "voided")),
        (.paymentRefused(.amountExceedsAvailable(operation: .refund, requested: 5, available: 4), paymentStatus: .captured), Expected(
            status: 409, code: .amountExceedsAvailable,
            message: PaymentError.amountExceedsAvailable(operation: .refund, requested: 5, available: 4).description, field: "amount",
            paymentStatus: "captured")),
        (.paymentRefused(.operationInProgress(status: .authorized), paymentStatus: .authorized), Expected(
            status: 409, code: .operationInProgress, message: PaymentError.operationInProgress(status: .authorized).description,
            paymentStatus: "authorized")),
        (.paymentRefused(.authorizationExpired, paymentStatus: .expired), Expected(
            status: 409, code: .authorizationExpired, message: PaymentError.authorizationExpired.description, paymentStatus: "authorized")),
        (.paymentRefused(.signatureRequired, paymentStatus: .authorized), Expected(
            status: 409, code: .signatureRequired,
            message: PaymentError.signatureRequired.description + " (PUT /v1/transactions/{id}/signature); "
                + "a merchant who accepts the chargeback risk sets isSignatureWaived in its payment settings",
            paymentStatus: "authorized")),
        (.paymentRefused(.amountTooLarge("too large"), paymentStatus: .authorized), Expected(
            status: 400, code: .invalidAmount, message: "too large", field: "amount")),
        (.pinRefused(.notAwaitingPIN(status: .captured)), Expected(
            status: 409, code: .notAwaitingPIN, message: PINError.notAwaitingPIN(status: .captured).description, paymentStatus: "captured")),
        (.pinRefused(.attemptInProgress), Expected(
            status: 409, code: .pinAttemptInProgress, message: PINError.attemptInProgress.description, paymentStatus: "pending")),
        (.pinRefused(.windowExpired), Expected(
            status: 409, code: .pinWindowExpired, message: PINError.windowExpired.description, paymentStatus: "declined")),
        (.cardReadReplayed, Expected(
            status: 409, code: .cardReadReplayed, message: "this card read was already used; tap the card again for a new payment",
            field: "paymentCardData")),
        (.acquirerNotConfigured, Expected(
            status: 409, code: .acquirerNotConfigured,
            message: "payments go to an acquirer, and this merchant has no acquirer merchant id and terminal id: "
                + "set acquirerMerchantId and acquirerTerminalId in its payment settings")),
        (.readerTokenSettingMissing(setting: "appleMerchantIdentifier"), Expected(
            status: 409, code: .merchantSettingMissing,
            message: "this gateway's reader tokens carry the merchant's appleMerchantIdentifier, and this merchant has none: "
                + "set appleMerchantIdentifier in its payment settings (PATCH /v1/settings/payment); no token was issued",
            field: "appleMerchantIdentifier")),
        (.readerTokenServiceUnavailable(reason: "answered HTTP 500"), Expected(
            status: 503, code: .readerTokenServiceUnavailable,
            message: "the payment service provider's reader-token service answered HTTP 500; no token was issued and nothing was written, retry later")),
        (.processorUnreachable(reason: nil), Expected(
            status: 503, code: .processorUnavailable, message: "the processor cannot be reached; nothing was sent and nothing changed, retry later")),
        (.processorUnreachable(reason: "no STAN"), Expected(
            status: 503, code: .processorUnavailable,
            message: "the request could not be prepared for the acquirer (no STAN); nothing was written, retry later")),
        (.processorFailed(.unavailable(code: "96", message: "system malfunction"), failed: failedRow, paymentStatus: .failed), Expected(
            status: 502, code: .processorError,
            message: "the processor failed (96 system malfunction); the operation failed and nothing was charged",
            paymentStatus: "failed", transactionId: "txn_1")),
        (.processorFailed(.noAnswer, failed: failedRow, paymentStatus: .captured), Expected(
            status: 504, code: .processorTimeout, message: "the processor did not answer in time; the operation failed and a reversal was sent",
            paymentStatus: "captured", transactionId: "txn_1")),
        (.processorFailed(.notConnected, failed: failedRow, paymentStatus: .failed), Expected(
            status: 503, code: .processorUnavailable, message: "the processor cannot be reached; the operation failed and nothing was charged",
            paymentStatus: "failed", transactionId: "txn_1")),
        (.processorDidNotComplete(transactionId: "txn_2", paymentStatus: .authorized), Expected(
            status: 502, code: .processorError, message: "the processor did not complete this request; the transaction is failed",
            paymentStatus: "authorized", transactionId: "txn_2")),
        (.batchTotalsTooLarge, Expected(
            status: 500, code: .internalError, message: "the batch's totals are too large to count; close the batch sooner")),
    ]

    @Test(arguments: table.indices)
    func eachFailureHasItsCanonicalAnswer(_ index: Int) {
        let (failure, expected) = Self.table[index]
        let error = GatewayError(failure)
        #expect(Int(error.status.code) == expected.status)
        #expect(error.body == APIError(
            code: expected.code, message: expected.message, field: expected.field, status: expected.paymentStatus,
            transactionId: expected.transactionId))
    }

    /// Every kind of refused value has its own code; two kinds never share one.
    @Test func eachInputProblemHasItsOwnCode() {
        let codes = InputProblem.allCases.map { GatewayError.code(for: $0) }
        #expect(Set(codes).count == InputProblem.allCases.count)
        #expect(GatewayError.code(for: .malformed) == .invalidRequest)
        #expect(GatewayError.code(for: .pinBlock) == .invalidPINBlock)
        #expect(GatewayError.code(for: .url) == .invalidURL)
        for problem in InputProblem.allCases {
            let error = GatewayError(.invalid("field", "why", problem))
            #expect(error.status == .badRequest)
            #expect(error.body.field == "field")
            #expect(error.body.message == "why")
        }
    }

    /// The envelope middleware and the idempotency record render a failure the same way.
    @Test func anticipatedErrorsAreKnownAndOthersAreNot() {
        struct Other: Error {}
        #expect(GatewayError.canonical(GatewayFailure.cardReadReplayed)?.body.code == APIErrorCode.cardReadReplayed.rawValue)
        #expect(GatewayError.canonical(GatewayError.notFound("batch b"))?.status == .notFound)
        #expect(GatewayError.canonical(Other()) == nil)
    }
}
