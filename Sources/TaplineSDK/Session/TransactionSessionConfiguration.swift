import Foundation
import PaymentCore

/// How a ``TransactionSession`` runs (the Toro SDK's `ToroConfig`).
public struct TransactionSessionConfiguration: Sendable {
    /// Where signatures are captured.
    public enum SignatureMode: Sendable {
        /// In the app, by the provider the app supplies.
        case app(any SignatureProvider)
        /// On the reader, the default (Toro's `SignatureMode.device`): the signature is taken
        /// where the card was read and stays there, so the payment stands and the receipt
        /// carries no image. A phone's reader (Tap to Pay on iPhone) lets the customer sign on
        /// its screen; the app has nothing to do.
        case device
    }

    /// Ask the customer for a gratuity before the tap, through ``gratuityProvider``.
    public var gratuityEnabled: Bool
    public var gratuityProvider: (any GratuityProvider)?
    public var signatureMode: SignatureMode
    /// Where the device is, for the receipt.
    public var locationProvider: (any LocationProvider)?

    public init(gratuityEnabled: Bool = false, gratuityProvider: (any GratuityProvider)? = nil, signatureMode: SignatureMode = .device,
                locationProvider: (any LocationProvider)? = nil) {
        self.gratuityEnabled = gratuityEnabled
        self.gratuityProvider = gratuityProvider
        self.signatureMode = signatureMode
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
    /// e.g. 15 for 15 %.
    public var percentage: Decimal
    /// Minor units.
    public var amount: Int64

    public init(percentage: Decimal, amount: Int64) {
        self.percentage = percentage
        self.amount = amount
    }
}

/// Captures the cardholder's signature in the app.
public protocol SignatureProvider: Sendable {
    /// The signature as a base64 PNG, or nil when the cardholder or merchant rejects it.
    func captureSignature(amount: Money) async -> String?
}

/// Where the device is, for the receipt.
public protocol LocationProvider: Sendable {
    func currentLocation() async -> (latitude: String, longitude: String)?
}
