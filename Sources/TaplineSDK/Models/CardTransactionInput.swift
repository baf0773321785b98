import CardData
import Foundation
import GatewayAPI
import PaymentCore

/// A keyed or swiped card sale or authorization (ARISE `CardTransactionRequest`, every
/// field), for ``TaplineClient/submitSaleTransaction(input:)`` and
/// ``TaplineClient/submitAuthTransaction(input:)``. Amounts are major units (12.34 USD);
/// rates are percentages (10 = 10 %).
///
/// Without a breakdown the gateway prices the payment under the merchant's settings (as
/// ``TaplineClient/calculateAmount(_:)`` does for a credit card) and charges that total.
/// Fields the gateway cannot apply are refused with `.badRequest` naming them (a PIN is
/// refused before anything is sent). It holds the full card number and track in memory
/// only; printing or dumping it shows the masked number. Sending raw card numbers puts the
/// app in PCI-DSS scope.
public struct CardTransactionInput: Sendable, Equatable {
    /// The processor to use, from `getPaymentSettings()`'s `availablePaymentProcessors`; left
    /// out, the gateway uses the merchant's (there is one).
    public var paymentProcessorId: String?
    /// The base amount in major units of ``currency`` (before percentage off, surcharge,
    /// tip and tax); at most as many decimals as the currency has.
    public var amount: MajorUnits
    /// The currency of every amount.
    public var currency: Currency
    /// "manual" (typed, the default) or "swipe" (``track2``).
    public var cardDataSource: String?
    /// A saved payment method: the gateway refuses it (no card vault).
    public var paymentMethodId: String?
    /// The card number; spaces and dashes are allowed. Nil for a swipe.
    public var accountNumber: String?
    /// 1–12. Nil for a swipe.
    public var expirationMonth: Int?
    /// Two or four digits. Nil for a swipe.
    public var expirationYear: Int?
    /// CVV/CVC/CID, 3 or 4 digits.
    public var securityCode: String?
    /// Refused by the gateway: send ``track2``.
    public var track1: String?
    /// A swipe's track 2 (with ``cardDataSource`` "swipe"); never stored by the gateway.
    public var track2: String?
    /// Refused by the gateway: chip data goes through Tap to Pay.
    public var emvTags: [String]?
    /// Refused by the gateway with ``emvTags``.
    public var emvPaymentAppVersion: String?
    /// The customer's id in the merchant's system.
    public var customerId: String?
    /// A tip on top of the price, in major units; not with ``tipRate``.
    public var tipAmount: MajorUnits?
    /// A tip as a rate of the amount after percentage off (`.percent(18)`); not with ``tipAmount``.
    public var tipRate: Rate?
    /// A discount, a rate of ``amount`` (`.percent(10)`).
    public var percentageOffRate: Rate?
    /// Replaces the merchant's surcharge or dual-pricing rate (`.percent(3)`).
    public var surchargeRate: Rate?
    /// Dual pricing: true when ``amount`` is the card price.
    public var useCardPrice: Bool?
    /// Verified by AVS (see ``TransactionDetails/avsResponse``) and kept.
    public var billingAddress: PostalAddress?
    public var shippingAddress: PostalAddress?
    /// The customer's name and contact details.
    public var contactInfo: ContactInfo?
    /// Refused before anything is sent: a PIN is entered on the card reader (Tap to Pay).
    public var pin: String?
    /// Refused with ``pin``.
    public var pinKsn: String?
    /// A swipe after a failed chip read: `iccTerminalError` or `noCandidateList`.
    public var emvFallbackCondition: String?
    /// A swipe after a failed chip read: `successful`, `failed`, `notAChipTransaction` or `unknown`.
    public var emvFallbackLastChipRead: String?
    /// The merchant's own reference (an order number), 1–255 characters.
    public var referenceId: String?
    /// True when the customer started the payment, false for a merchant-initiated one.
    public var customerInitiatedTransaction: Bool?

    /// A keyed-card payment; nothing is checked until it is submitted.
    public init(amount: MajorUnits, currency: Currency, accountNumber: String, expirationMonth: Int, expirationYear: Int,
                securityCode: String? = nil, tipAmount: MajorUnits? = nil, customerId: String? = nil, referenceId: String? = nil,
                contactInfo: ContactInfo? = nil) {
        self.amount = amount
        self.currency = currency
        self.accountNumber = accountNumber
        self.expirationMonth = expirationMonth
        self.expirationYear = expirationYear
        self.securityCode = securityCode
        self.tipAmount = tipAmount
        self.customerId = customerId
        self.referenceId = referenceId
        self.contactInfo = contactInfo
    }

    /// A swiped-card payment: the number and expiry come from `track2`.
    public init(amount: MajorUnits, currency: Currency, track2: String) {
        self.amount = amount
        self.currency = currency
        self.cardDataSource = "swipe"
        self.track2 = track2
    }
}

extension CardTransactionInput: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Shows the amount and the masked card, never the full number or the security code.
    public var description: String {
        "CardTransactionInput(\(amount) \(currency.code), card \(maskedAccountNumber), exp \(expirationMonth.map(String.init) ?? "-")/\(expirationYear.map(String.init) ?? "-"))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// What `dump` and debuggers see: only the non-sensitive parts.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "amount": amount, "currency": currency, "accountNumber": maskedAccountNumber,
            "expirationMonth": expirationMonth as Any, "expirationYear": expirationYear as Any, "hasSecurityCode": securityCode != nil,
            "hasTrack2": track2 != nil, "hasPIN": pin != nil,
            "tipAmount": tipAmount as Any, "customerId": customerId as Any, "referenceId": referenceId as Any,
        ], displayStyle: .struct)
    }

    /// First 6 and last 4 digits when the number (or the track's) is valid; nothing of an invalid one.
    private var maskedAccountNumber: String {
        if let track2 { return (try? Track2(track2)).map { $0.card.maskedPAN } ?? "(invalid track)" }
        guard let accountNumber else { return "(none)" }
        return (try? PAN.validated(accountNumber)).map { PAN.masked($0) } ?? "(invalid)"
    }
}
