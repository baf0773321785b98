import CardData
import Foundation
import GatewayAPI
import PaymentCore

extension CardTransactionInput {
    /// The wire request in minor units, checked field by field with the gateway's own card
    /// rules; `.badRequest` names the first field at fault. A PIN is refused here, so it
    /// never leaves the phone in the clear. The payment is recorded as made by the mobile
    /// app on `deviceId`, so the list can be filtered by this phone.
    /// `verifying` lets the amount be zero: an authorization of zero verifies the card.
    func wire(deviceId: String, verifying: Bool = false) throws(TaplineAPIError) -> CardTransactionRequest {
        if pin != nil {
            throw .badRequest(.invalidInput("pin", "a PIN is never sent in the clear; the cardholder enters it on the card reader (Tap to Pay)"))
        }
        if pinKsn != nil {
            throw .badRequest(.invalidInput("pinKsn", "DUKPT PIN blocks are not taken; the cardholder enters the PIN on the card reader (Tap to Pay)"))
        }
        let minorAmount = try AmountConversion.minorUnits(amount, currency, field: "amount", allowZero: verifying)
        let minorTip = try tipAmount.map { tip throws(TaplineAPIError) in
            try AmountConversion.minorUnits(tip, currency, field: "tipAmount", allowZero: true)
        }
        var pan = accountNumber
        if let accountNumber, let expirationMonth, let expirationYear {
            do {
                pan = try KeyedCard(pan: accountNumber, expiryMonth: expirationMonth, expiryYear: expirationYear, securityCode: securityCode).pan
            } catch {
                throw .badRequest(.invalidInput(Self.field(of: error), error.description))
            }
        }
        try InputCheck.text(customerId, field: "customerId")
        try InputCheck.text(referenceId, field: "referenceId")
        var request = CardTransactionRequest(
            amount: minorAmount, currency: currency.code, accountNumber: pan, expirationMonth: expirationMonth,
            expirationYear: expirationYear, securityCode: securityCode, tipAmount: minorTip, referenceId: referenceId)
        request.paymentProcessorId = paymentProcessorId
        request.cardDataSource = cardDataSource ?? "manual"
        request.paymentMethodId = paymentMethodId
        request.track1 = track1
        request.track2 = track2
        request.emvTags = emvTags
        request.emvPaymentAppVersion = emvPaymentAppVersion
        request.customerId = customerId
        // Rates go out as /v1 percentages.
        request.tipRate = tipRate?.percent
        request.percentageOffRate = percentageOffRate?.percent
        request.surchargeRate = surchargeRate?.percent
        request.useCardPrice = useCardPrice
        request.billingAddress = billingAddress
        request.shippingAddress = shippingAddress
        request.contactInfo = contactInfo
        request.emvFallbackCondition = emvFallbackCondition
        request.emvFallbackLastChipRead = emvFallbackLastChipRead
        request.customerInitiatedTransaction = customerInitiatedTransaction
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
