import GatewayAPI
import Hummingbird
import PaymentCore
import Processing
import Storage

extension GatewayError {
    /// The canonical API's answer to a domain failure: the one table from meaning to HTTP
    /// status, `APIErrorCode`, message and field. Halo and Koard start from it too, so a
    /// refusal means the same on every API.
    init(_ failure: GatewayFailure) {
        switch failure {
        case .invalid(let input):
            self = .invalid(input.field, input.reason, code: Self.code(for: input.problem))
        case .notFound(let resource, let id):
            self = .notFound("\(resource.rawValue) \(id)")
        case .unauthenticated(let reason):
            self.init(reason)
        case .forbidden(let reason):
            self.init(reason)
        case .paymentRefused(let error, _):
            self.init(error, paymentStatus: failure.paymentStatus)
        case .pinRefused(let error):
            self.init(error, paymentStatus: failure.paymentStatus)
        case .cardReadReplayed:
            self.init(.conflict, .cardReadReplayed, "this card read was already used; tap the card again for a new payment", field: "paymentCardData")
        case .acquirerNotConfigured:
            self.init(.conflict, .acquirerNotConfigured,
                      "payments go to an acquirer, and this merchant has no acquirer merchant id and terminal id: "
                      + "set acquirerMerchantId and acquirerTerminalId in its payment settings")
        case .readerTokenSettingMissing(let setting):
            self.init(.conflict, .merchantSettingMissing,
                      "this gateway's reader tokens carry the merchant's \(setting), and this merchant has none: set \(setting) "
                      + "in its payment settings (PATCH /v1/settings/payment); no token was issued", field: setting)
        case .readerTokenServiceUnavailable(let reason):
            self.init(.serviceUnavailable, .readerTokenServiceUnavailable,
                      "the payment service provider's reader-token service \(reason); no token was issued and nothing was written, retry later")
        case .achNotSupported(let processor):
            self.init(.unprocessableContent, .achNotSupported,
                      "\(processor) processes cards only and cannot debit or credit a bank account; "
                      + "nothing was sent or recorded. ACH needs a processor that supports it (the simulator does)")
        case .processorUnreachable(let reason):
            self.init(.serviceUnavailable, .processorUnavailable, reason.map {
                "the request could not be prepared for the acquirer (\($0)); nothing was written, retry later"
            } ?? "the processor cannot be reached; nothing was sent and nothing changed, retry later")
        case .cardDataServiceUnavailable(let reason):
            self.init(.serviceUnavailable, .cardDataServiceUnavailable,
                      "the card-data decryption service gave no usable answer (\(reason)); nothing was charged or written, "
                      + "retry the tap shortly", field: "paymentCardData")
        case .processorFailed(let error, let failed, let paymentStatus):
            self.init(error, transactionId: failed.id, paymentStatus: paymentStatus)
        case .processorDidNotComplete(let transactionId, let paymentStatus):
            self.init(.badGateway, .processorError, "the processor did not complete this request; the transaction is failed",
                      paymentStatus: paymentStatus.rawValue, transactionId: transactionId)
        case .batchTotalsTooLarge:
            self.init(.internalServerError, .internalError, "the batch's totals are too large to count; close the batch sooner")
        case .disputeRefused(let error, let disputeId):
            self.init(.conflict, .disputeNotOpen, Self.message(for: error, disputeId: disputeId))
        case .paymentDisputed(let paymentId, let disputeId):
            self.init(.conflict, .paymentDisputed,
                      "the cardholder disputes transaction \(paymentId) (dispute \(disputeId)), so the money goes back through "
                      + "the dispute, not a refund, void or reversal; nothing was sent or recorded")
        }
    }

    /// The canonical answer to an error the gateway anticipated, nil for any other.
    static func canonical(_ error: any Error) -> GatewayError? {
        switch error {
        case let error as GatewayError: return error
        case let failure as GatewayFailure: return GatewayError(failure)
        // A write whose member change would overflow its batch's kept totals.
        case StoreError.batchTotalsTooLarge: return GatewayError(GatewayFailure.batchTotalsTooLarge)
        default: return nil
        }
    }

    static func code(for problem: InputProblem) -> APIErrorCode {
        switch problem {
        case .malformed: return .invalidRequest
        case .amount: return .invalidAmount
        case .unknownCurrency: return .unknownCurrency
        case .cardNumber: return .invalidCardNumber
        case .expiry: return .invalidExpiry
        case .cardExpired: return .cardExpired
        case .cardData: return .invalidCardData
        case .cardDataNotJWE: return .cardDataNotJWE
        case .cardDataUnsupportedAlgorithm: return .cardDataUnsupportedAlgorithm
        case .cardDataUnknownKey: return .cardDataUnknownKey
        case .cardDataTampered: return .cardDataTampered
        case .cardReadStale: return .cardReadStale
        case .cardReadMismatch: return .cardReadMismatch
        case .cardReadWrongReader: return .cardReadWrongReader
        case .cardMismatch: return .cardMismatch
        case .pinBlockMissing: return .pinBlockMissing
        case .pinBlock: return .invalidPINBlock
        case .pinToken: return .invalidPINToken
        case .deviceHeaderMissing: return .deviceHeaderMissing
        case .breakdownMismatch: return .breakdownMismatch
        case .currencyNotAccepted: return .currencyNotAccepted
        case .currencyMismatch: return .currencyMismatch
        case .cardBrandNotAccepted: return .cardBrandNotAccepted
        case .url: return .invalidURL
        case .unknownEventType: return .unknownEventType
        }
    }

    private init(_ reason: GatewayFailure.Unauthenticated) {
        switch reason {
        case .missingToken: self = .unauthorized("missing bearer token: send Authorization: Bearer <access token>")
        case .notBearer: self = .unauthorized("the Authorization header must be: Bearer <access token>")
        case .invalidToken: self = .unauthorized("the access token is invalid or expired; get a new one from /v1/oauth/token")
        case .invalidClient: self.init(.unauthorized, .invalidClient, "unknown client id or wrong client secret")
        case .invalidGrant: self.init(.badRequest, .invalidGrant, "the refresh token is invalid, expired or already used; authenticate again")
        case .integratorTokenRefused(_, let reason): self = .unauthorized("the JWT from your backend was refused: \(reason)")
        }
    }

    private init(_ reason: GatewayFailure.Forbidden) {
        switch reason {
        case .transactionTypeNotEnabled(let type):
            self.init(.forbidden, .transactionTypeNotEnabled,
                      "\(type.rawValue) is not among this merchant's transaction types (payment settings: transaction types)")
        case .deviceNotRegistered(let deviceId):
            self.init(.forbidden, .deviceNotRegistered, "device \(deviceId) is not registered; register it with POST \(APIPath.devices)")
        case .tapToPayInactive(let deviceId, let status):
            self.init(.forbidden, .tapToPayInactive,
                      "Tap to Pay is \(status.displayName.lowercased()) on device \(deviceId); activate it with POST \(APIPath.activateTapToPay(deviceId))")
        case .pinFromAnotherDevice(let paymentId):
            self.init(.forbidden, .pinNotPermitted, "only the device that tapped may send the PIN for transaction \(paymentId)")
        case .unreferencedRefund:
            self = .forbidden("no payment matches this refund, and an unreferenced refund needs the ecommerceRefundWithoutReference permission")
        }
    }

    private init(_ error: PINError, paymentStatus: TransactionStatus?) {
        let code: APIErrorCode
        switch error {
        case .notAwaitingPIN: code = .notAwaitingPIN
        case .attemptInProgress: code = .pinAttemptInProgress
        case .windowExpired: code = .pinWindowExpired
        }
        self.init(.conflict, code, error.description, paymentStatus: paymentStatus?.rawValue)
    }

    /// The lifecycle's refusal: 409 with the payment's status, or 400 for an amount.
    private init(_ error: PaymentError, paymentStatus: TransactionStatus?) {
        switch error {
        case .invalidTransition:
            self.init(.conflict, .invalidStateTransition, error.description, paymentStatus: paymentStatus?.rawValue)
        case .amountExceedsAvailable:
            self.init(.conflict, .amountExceedsAvailable, error.description, field: "amount", paymentStatus: paymentStatus?.rawValue)
        case .operationInProgress:
            self.init(.conflict, .operationInProgress, error.description, paymentStatus: paymentStatus?.rawValue)
        case .authorizationExpired:
            self.init(.conflict, .authorizationExpired, error.description, paymentStatus: paymentStatus?.rawValue)
        case .signatureRequired:
            self.init(.conflict, .signatureRequired, error.description
                      + " (PUT \(APIPath.signature("{id}"))); a merchant who accepts the chargeback risk sets isSignatureWaived in its payment settings",
                      paymentStatus: paymentStatus?.rawValue)
        case .invalidAmount(let message), .amountTooLarge(let message):
            self.init(.badRequest, .invalidAmount, message, field: "amount")
        }
    }

    /// `transactionId` names the failed row (the payment, or the follow-up).
    private init(_ error: ProcessorError, transactionId: String, paymentStatus: TransactionStatus) {
        switch error {
        case .unavailable(let code, let message):
            self.init(.badGateway, .processorError, "the processor failed (\(code) \(message)); the operation failed and nothing was charged",
                      paymentStatus: paymentStatus.rawValue, transactionId: transactionId)
        case .notConnected:
            self.init(.serviceUnavailable, .processorUnavailable, "the processor cannot be reached; the operation failed and nothing was charged",
                      paymentStatus: paymentStatus.rawValue, transactionId: transactionId)
        case .noAnswer:
            self.init(.gatewayTimeout, .processorTimeout, "the processor did not answer in time; the operation failed and a reversal was sent",
                      paymentStatus: paymentStatus.rawValue, transactionId: transactionId)
        }
    }
}

extension GatewayError {
    static func message(for error: DisputeError, disputeId: String) -> String {
        switch error {
        case .notAwaitingResponse(let status):
            "dispute \(disputeId) is \(status.rawValue): only a dispute that needs a response can be accepted or answered; nothing changed"
        case .alreadyClosed(let status):
            "dispute \(disputeId) closed as \(status.rawValue), which is final; nothing changed"
        case .cannotReopen(let status):
            "dispute \(disputeId) is \(status.rawValue) and cannot need a response again; nothing changed"
        }
    }
}
