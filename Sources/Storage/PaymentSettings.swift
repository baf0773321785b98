import Foundation
import PaymentCore

/// A merchant's payment settings (what ARISE `getPaymentSettings` shows): the one place
/// pricing, tips and the other payment options live. A new merchant has the defaults below.
public struct PaymentSettings: Sendable, Equatable, Codable {
    /// Currencies the merchant takes, in the order shown; never empty.
    public var currencies: [Currency]
    /// Zero Cost Processing mode, its default rates, and the tax rate.
    public var pricing: PricingSettings
    public var tipsEnabled: Bool
    /// Suggested tips, exact decimal percentages (15, 18, 20).
    public var tipPercentages: [Decimal]
    /// Card brands the merchant takes, by `CardData.CardBrand` raw value ("visa").
    public var cardBrands: [String]
    /// Transaction types offered (ARISE `OperationType`): authorization, sale, capture, void, refund.
    public var transactionTypes: [TransactionType]
    /// When the day's batch is to close by itself.
    public var settlementTimes: [SettlementTime]
    public var avs: AVSSettings
    /// Whether a terminal may keep the customer's card after a payment.
    public var customerCardSavingEnabled: Bool
    /// The Tap to Pay terminal profile for iOS devices, when the merchant has one.
    public var tapToPayTerminalProfileId: String?
    /// The merchant's id at the acquirer (ISO 8583 field 42, card acceptor id: 1–15
    /// printable ASCII characters); nil until set. The acquirer link needs it to pay.
    public var acquirerMerchantId: String?
    /// The terminal id the acquirer gave the merchant (ISO 8583 field 41: 1–8 printable
    /// ASCII characters); nil until set. STANs are unique per terminal id.
    public var acquirerTerminalId: String?
    /// Whether a tapped card that asks for the cardholder's signature is captured without
    /// one (the merchant accepts the chargeback risk). Off by default: such a payment is
    /// held until the signature is stored (``PaymentLifecycle/holdForSignature(_:waived:)``).
    public var signatureWaived: Bool
    /// The merchant's identifier at Apple for Tap to Pay on iPhone (1–255 printable ASCII
    /// characters); nil until set. A reader-token claim template may name it
    /// (`{{merchantIdentifier}}`): such tokens are refused for a merchant without one.
    public var appleMerchantIdentifier: String?
    /// The merchant category code (ISO 18245) the acquirer link sends in ISO 8583 field 18:
    /// four digits; nil until set, when the link sends 5999
    /// (`AcquirerIdentity.defaultMerchantCategoryCode`).
    public var merchantCategoryCode: String?
    /// How the merchant's dashboard pages and receipts write money and dates: a BCP 47
    /// language and region ("en-US", "de-DE", "ja-JP"); nil until set, when they read
    /// ``PaymentSettings/defaultLocale``.
    public var locale: String?

    /// The locale pages and receipts use while a merchant has set none.
    public static let defaultLocale = "en-US"

    public static let defaultTipPercentages: [Decimal] = [15, 18, 20]
    public static let defaultCardBrands = ["visa", "mastercard", "amex", "discover"]
    public static let defaultTransactionTypes: [TransactionType] = [.authorization, .sale, .capture, .void, .refund]

    public init(
        currencies: [Currency] = [.usd], pricing: PricingSettings = PricingSettings(), tipsEnabled: Bool = true,
        tipPercentages: [Decimal] = PaymentSettings.defaultTipPercentages, cardBrands: [String] = PaymentSettings.defaultCardBrands,
        transactionTypes: [TransactionType] = PaymentSettings.defaultTransactionTypes,
        settlementTimes: [SettlementTime] = [SettlementTime(hours: 23, minutes: 0, timeZone: "UTC")],
        avs: AVSSettings = AVSSettings(), customerCardSavingEnabled: Bool = false, tapToPayTerminalProfileId: String? = nil,
        acquirerMerchantId: String? = nil, acquirerTerminalId: String? = nil, signatureWaived: Bool = false,
        appleMerchantIdentifier: String? = nil, merchantCategoryCode: String? = nil, locale: String? = nil
    ) {
        self.currencies = currencies
        self.pricing = pricing
        self.tipsEnabled = tipsEnabled
        self.tipPercentages = tipPercentages
        self.cardBrands = cardBrands
        self.transactionTypes = transactionTypes
        self.settlementTimes = settlementTimes
        self.avs = avs
        self.customerCardSavingEnabled = customerCardSavingEnabled
        self.tapToPayTerminalProfileId = tapToPayTerminalProfileId
        self.acquirerMerchantId = acquirerMerchantId
        self.acquirerTerminalId = acquirerTerminalId
        self.signatureWaived = signatureWaived
        self.appleMerchantIdentifier = appleMerchantIdentifier
        self.merchantCategoryCode = merchantCategoryCode
        self.locale = locale
    }

    /// The tips to suggest on a payment: none when tips are off.
    public var suggestedTipPercentages: [Decimal] { tipsEnabled ? tipPercentages : [] }
}
