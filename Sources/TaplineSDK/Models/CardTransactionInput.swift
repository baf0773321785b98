import CardData
import Foundation
import GatewayAPI
import PaymentCore

/// A keyed-card sale or authorization (ARISE `CardTransactionRequest`, the fields Tapline
/// supports), for ``TaplineClient/submitSaleTransaction(input:)`` and
/// ``TaplineClient/submitAuthTransaction(input:)``. Amounts are major units (12.34 USD).
///
/// It holds the full card number in memory only; printing or dumping it shows the masked
/// number. Sending raw card numbers puts the app in PCI-DSS scope.
public struct CardTransactionInput: Sendable, Equatable {
    /// The amount before tip, in major units of ``currency``; at most as many decimals as
    /// the currency has.
    public var amount: Decimal
    /// The currency of ``amount`` and ``tipAmount``.
    public var currency: Currency
    /// The card number; spaces and dashes are allowed.
    public var accountNumber: String
    /// 1–12.
    public var expirationMonth: Int
    /// Two or four digits.
    public var expirationYear: Int
    /// CVV/CVC/CID, 3 or 4 digits.
    public var securityCode: String?
    /// A tip on top of ``amount``, in major units.
    public var tipAmount: Decimal?
    /// The customer's id in the merchant's system.
    public var customerId: String?
    /// The merchant's own reference (an order number), 1–255 characters.
    public var referenceId: String?
    /// The customer's name and contact details.
    public var contactInfo: ContactInfo?

    /// A keyed-card payment; nothing is checked until it is submitted.
    public init(amount: Decimal, currency: Currency, accountNumber: String, expirationMonth: Int, expirationYear: Int,
                securityCode: String? = nil, tipAmount: Decimal? = nil, customerId: String? = nil, referenceId: String? = nil,
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

    /// The wire request in minor units, checked field by field with the gateway's own card
    /// rules; `.badRequest` names the first field at fault. The payment is recorded as made
    /// by the mobile app on `deviceId`, so the list can be filtered by this phone.
    func wire(deviceId: String) throws(TaplineAPIError) -> CardTransactionRequest {
        let minorAmount = try AmountConversion.minorUnits(amount, currency, field: "amount")
        let minorTip = try tipAmount.map { tip throws(TaplineAPIError) in
            try AmountConversion.minorUnits(tip, currency, field: "tipAmount", allowZero: true)
        }
        let card: KeyedCard
        do {
            card = try KeyedCard(pan: accountNumber, expiryMonth: expirationMonth, expiryYear: expirationYear, securityCode: securityCode)
        } catch {
            throw .badRequest(.invalidInput(Self.field(of: error), error.description))
        }
        try InputCheck.text(customerId, field: "customerId")
        try InputCheck.text(referenceId, field: "referenceId")
        var request = CardTransactionRequest(
            amount: minorAmount, currency: currency.code, accountNumber: card.pan, expirationMonth: expirationMonth,
            expirationYear: expirationYear, securityCode: securityCode, tipAmount: minorTip, referenceId: referenceId)
        request.customerId = customerId
        request.contactInfo = contactInfo
        request.createdById = deviceId
        request.createMethodId = CreateMethod.mobileApp.rawValue
        return request
    }

    /// The input field a card-data refusal is about (the messages never carry the number).
    private static func field(of error: CardDataError) -> String {
        switch error {
        case .invalidCharacters, .invalidLength, .failedLuhnCheck: return "accountNumber"
        case .invalidExpiryMonth, .invalidExpiryFormat: return "expirationMonth"
        case .invalidExpiryYear: return "expirationYear"
        case .invalidSecurityCode: return "securityCode"
        case .invalidPIN: return "pin"
        case .invalidTrack2: return "track2"
        }
    }
}

extension CardTransactionInput: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Shows the amount and the masked card, never the full number or the security code.
    public var description: String {
        "CardTransactionInput(\(amount) \(currency.code), card \(maskedAccountNumber), exp \(expirationMonth)/\(expirationYear))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// What `dump` and debuggers see: only the non-sensitive parts.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "amount": amount, "currency": currency, "accountNumber": maskedAccountNumber,
            "expirationMonth": expirationMonth, "expirationYear": expirationYear, "hasSecurityCode": securityCode != nil,
            "tipAmount": tipAmount as Any, "customerId": customerId as Any, "referenceId": referenceId as Any,
        ], displayStyle: .struct)
    }

    /// First 6 and last 4 digits when the number is valid; nothing of an invalid one.
    private var maskedAccountNumber: String {
        (try? PAN.validated(accountNumber)).map { PAN.masked($0) } ?? "(invalid)"
    }
}
