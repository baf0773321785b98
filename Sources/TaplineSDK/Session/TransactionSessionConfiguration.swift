import Foundation
import PaymentCore

/// How a ``TransactionSession`` runs (the Toro SDK's `ToroConfig`).
public struct TransactionSessionConfiguration: Sendable {
    /// Where signatures are captured. Either way, a card that asks for the cardholder's
    /// signature is never captured without one: the gateway holds such a payment
    /// (`signatureRequired`) until the signature is stored, and the session stores it and
    /// then captures, or voids the payment when there is none (the receipt then says
    /// ``TransactionReceipt/signatureVerificationFailed``).
    public enum SignatureMode: Sendable {
        /// In the app, by the provider the app supplies.
        case app(any SignatureProvider)
        /// On the device that read the card, the default (Toro's `SignatureMode.device`).
        /// With Tap to Pay on iPhone the reading device is the phone itself, whose reader has
        /// no signature screen of its own, so the session asks
        /// ``TransactionSessionConfiguration/signatureProvider`` to show one on the phone.
        /// Without it, a payment that needs a signature is voided before capture.
        case device
    }

    /// Ask the customer for a gratuity before the tap, through ``gratuityProvider``.
    public var gratuityEnabled: Bool
    public var gratuityProvider: (any GratuityProvider)?
    public var signatureMode: SignatureMode
    /// In ``SignatureMode/device``, what shows the signature pad on this device: required to
    /// take a card that asks for a signature (unless the merchant waives signatures in its
    /// payment settings, `isSignatureWaived`). Not used in ``SignatureMode/app``, which
    /// carries its own provider.
    public var signatureProvider: (any SignatureProvider)?
    /// Where the device is, for the receipt.
    public var locationProvider: (any LocationProvider)?

    public init(gratuityEnabled: Bool = false, gratuityProvider: (any GratuityProvider)? = nil, signatureMode: SignatureMode = .device,
                signatureProvider: (any SignatureProvider)? = nil, locationProvider: (any LocationProvider)? = nil) {
        self.gratuityEnabled = gratuityEnabled
        self.gratuityProvider = gratuityProvider
        self.signatureMode = signatureMode
        self.signatureProvider = signatureProvider
        self.locationProvider = locationProvider
    }
}

/// Shows the customer the gratuity choices and returns the one chosen.
public protocol GratuityProvider: Sendable {
    /// The gratuity in minor units for a payment of `amount` (0 for none), given the
    /// merchant's suggestions; nil when the customer cancels the payment.
    func chooseGratuity(for amount: Money, suggestions: [SuggestedGratuity]) async -> Int64?
}

/// A suggested gratuity: a percentage of the amount and what it comes to.
public struct SuggestedGratuity: Sendable, Equatable {
    /// The suggested rate, e.g. `.percent(15)`.
    public var percentage: Rate
    /// Minor units.
    public var amount: Int64

    public init(percentage: Rate, amount: Int64) {
        self.percentage = percentage
        self.amount = amount
    }
}

/// Captures the cardholder's signature on this device: called by a ``TransactionSession``
/// when the tapped card asks for one, after the issuer approved and before the payment is
/// captured.
public protocol SignatureProvider: Sendable {
    /// The signature as a base64 PNG or JPEG (at most 64 KiB), or nil when the cardholder
    /// or merchant rejects it; nil voids the payment.
    func captureSignature(amount: Money) async -> String?
}

/// Where the device is, for the receipt.
public protocol LocationProvider: Sendable {
    func currentLocation() async -> (latitude: String, longitude: String)?
}
