import PaymentCore
import Processing

/// Why the gateway refused a request or could not finish it, in the domain's own terms.
///
/// Services and the domain throw it; it carries no HTTP status and no wire error code. Each
/// API style turns it into its wire shape in one place at its edge: the canonical envelope
/// in `HTTP/GatewayError+Failure.swift`, Halo's in `Halo/HaloFailures.swift`, Koard's in
/// `Koard/KoardErrors.swift`. So an adapter decides by case, never by reading another
/// style's code strings.
enum GatewayFailure: Error, Sendable {
    /// A value of the request is refused: which field, why, and what kind of problem.
    case invalid(InvalidInput)
    /// The merchant has no such thing (another merchant's counts as none).
    case notFound(Resource, id: String)
    /// The caller could not be authenticated.
    case unauthenticated(Unauthenticated)
    /// The caller is known but may not do this.
    case forbidden(Forbidden)
    /// `PaymentLifecycle` refused the move; `paymentStatus` is the payment's status when it did.
    case paymentRefused(PaymentError, paymentStatus: TransactionStatus)
    /// The payment's PIN challenge refused the try.
    case pinRefused(PINError)
    /// The card read paid already; a new payment needs a new tap.
    case cardReadReplayed
    /// Payments go to an acquirer, and the merchant has no acquirer merchant and terminal id.
    case acquirerNotConfigured
    /// Reader tokens need a merchant setting (named) that this merchant has not set.
    case readerTokenSettingMissing(setting: String)
    /// The provider's token service gave no usable reader token (down, slow, TLS refused, an
    /// error status, an answer too big or not one); `reason` says which, never the token.
    case readerTokenServiceUnavailable(reason: String)
    /// An ACH debit, or a follow-up on one, and the processor (named) cannot do ACH.
    case achNotSupported(processor: String)
    /// The processor cannot be reached, found before anything was written; `reason` says why
    /// the request could not be prepared, nil when the link is simply down.
    case processorUnreachable(reason: String?)
    /// The provider's card-data decryption service gave no usable answer (`reason` names the
    /// failure, never card data), found before anything was written.
    case cardDataServiceUnavailable(reason: String)
    /// The processor failed on a recorded operation, which ended `failed`: `failed` is that
    /// row (the payment, or the follow-up), `paymentStatus` the payment's status after it.
    case processorFailed(ProcessorError, failed: Transaction, paymentStatus: TransactionStatus)
    /// The recovery job found the operation unfinished by the processor and failed it.
    case processorDidNotComplete(transactionId: String, paymentStatus: TransactionStatus)
    /// The open batch's totals do not fit the amounts the gateway counts with.
    case batchTotalsTooLarge
    /// A dispute cannot move as asked (answered twice, or a closed one changed).
    case disputeRefused(DisputeError, disputeId: String)
    /// The cardholder disputes the payment (open, or lost): no refund, void or reversal, which
    /// would give the money back twice.
    case paymentDisputed(paymentId: String, disputeId: String)

    /// What the merchant may own.
    enum Resource: String, Sendable, CaseIterable {
        case transaction, batch, device, merchant, event, signature
        case webhookEndpoint = "webhook endpoint"
        case dispute
        case evidenceFile = "evidence file"
    }

    /// Why a caller is not authenticated.
    enum Unauthenticated: Sendable, Equatable {
        /// No `Authorization` header.
        case missingToken
        /// An `Authorization` header that is not a bearer token.
        case notBearer
        /// A bearer token that is invalid or expired.
        case invalidToken
        /// Unknown client id or wrong secret.
        case invalidClient
        /// A refresh token that is unknown, expired or used.
        case invalidGrant
        /// A JWT whose `iss` names a client that registered keys, refused for `reason`
        /// (``IntegratorTokenVerifier``).
        case integratorTokenRefused(clientId: String, reason: String)
    }

    /// Why a known caller may not do this.
    enum Forbidden: Sendable, Equatable {
        /// The operation's type is not among the merchant's transaction types.
        case transactionTypeNotEnabled(TransactionType)
        /// The device is not registered to the caller's merchant.
        case deviceNotRegistered(deviceId: String)
        /// Tap to Pay is not active on the device.
        case tapToPayInactive(deviceId: String, status: TapToPayStatus)
        /// Only the device that tapped may send the PIN.
        case pinFromAnotherDevice(paymentId: String)
        /// No payment matches the refund, and the caller may not refund without one.
        case unreferencedRefund
    }

    /// A refused value of `field`.
    static func invalid(_ field: String, _ reason: String, _ problem: InputProblem = .malformed) -> GatewayFailure {
        .invalid(InvalidInput(field: field, reason: reason, problem: problem))
    }

    /// The status of the payment the failure is about, for the failures that have one: every
    /// API shows it beside the refusal, each in its own names.
    var paymentStatus: TransactionStatus? {
        switch self {
        case .paymentRefused(let error, let paymentStatus):
            switch error {
            case .invalidTransition(_, let current, _), .operationInProgress(let current): return current
            case .amountExceedsAvailable, .signatureRequired: return paymentStatus
            case .authorizationExpired: return .authorized
            case .invalidAmount, .amountTooLarge: return nil
            }
        case .pinRefused(let error):
            switch error {
            case .notAwaitingPIN(let current): return current
            case .attemptInProgress: return .pending
            case .windowExpired: return .declined
            }
        case .processorFailed(_, _, let paymentStatus), .processorDidNotComplete(_, let paymentStatus):
            return paymentStatus
        default:
            return nil
        }
    }
}
