import Foundation

/// Errors of Tap to Pay (ARISE `TTPError`). Codes follow the ARISE table where one applies
/// (`DEV003`, `MER006`, …); gateway refusals carry the gateway's code.
public enum TTPError: Error, Sendable, Equatable {
    /// The device failed one or more compatibility checks; the reasons say which.
    case notCompatible(reasons: [String])
    /// Tap to Pay is not active on this device: call `activate()`.
    case notActive
    /// No card reader was configured, or the module was used before `prepare()` could run.
    case sdkNotInitialized(String)
    case configurationFailed(code: String, message: String)
    case activationFailed(code: String, message: String)
    /// The payment could not be completed: card reader, gateway or processor failure.
    case transactionFailed(code: String, message: String)
    /// Card reading had begun, so the transaction can no longer be aborted.
    case failedToAbortTransaction
    case unknown(code: String, message: String)
}

extension TTPError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notCompatible(let reasons): return "This device cannot use Tap to Pay: \(reasons.joined(separator: "; "))"
        case .notActive: return "Tap to Pay is not active on this device."
        case .sdkNotInitialized(let detail): return "Tap to Pay is not initialized: \(detail)"
        case .configurationFailed(let code, let message): return "Tap to Pay configuration failed (\(code)): \(message)"
        case .activationFailed(let code, let message): return "Tap to Pay activation failed (\(code)): \(message)"
        case .transactionFailed(let code, let message): return "The Tap to Pay transaction failed (\(code)): \(message)"
        case .failedToAbortTransaction: return "The transaction cannot be aborted: card reading has begun."
        case .unknown(let code, let message): return "Tap to Pay error (\(code)): \(message)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notCompatible:
            return "Check the reasons: grant location permission in the app, or use an iPhone XS or later on iOS 18 or later."
        case .notActive: return "Call activate() (this may show Apple's terms and conditions), then prepare()."
        case .sdkNotInitialized: return "Pass a card reader in TaplineConfiguration and authenticate before using Tap to Pay."
        case .configurationFailed: return "Check the merchant's payment settings and the device registration, then prepare() again."
        case .activationFailed: return "Accept Apple's terms and conditions and try activate() again."
        case .transactionFailed: return "Check the code and message; look the transaction up before charging the card again."
        case .failedToAbortTransaction: return "Wait for the transaction to finish; it completes normally."
        case .unknown: return "Try again, or report the problem with its code if it persists."
        }
    }

    /// The ARISE table's code for this error's cause, when the table has one (see
    /// ``TTPErrorCode``): `EC_504` for the gateway's `processor_timeout`, `DEV003` for an
    /// incompatible device, and so on.
    public var errorCode: TTPErrorCode? {
        switch self {
        case .notCompatible: return .dev003
        default: return code.flatMap(TTPErrorCode.init(taplineCode:))
        }
    }

    /// The error's code: the gateway's error code or the SDK's own (`CARD_READ_TIMEOUT`).
    public var code: String? {
        switch self {
        case .notCompatible: return "DEV003"
        case .configurationFailed(let code, _), .activationFailed(let code, _), .transactionFailed(let code, _),
             .unknown(let code, _):
            return code
        case .notActive, .sdkNotInitialized, .failedToAbortTransaction: return nil
        }
    }
}
