import CardData
import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Processing

/// Halo's documented answer when the payment provider cannot be reached (the acquirer link
/// has no connection signed on): a decline with error code 209 and ISO 91 ("issuer or switch
/// inoperative"), nothing charged, instead of a bare 500. The device shows a decline and the
/// cardholder taps again, which is what a Halo client is built to do with it.
enum HaloUnreachable {
    static let isoCode = "91"
    static let message = "the payment provider cannot be reached; nothing was charged, tap again"

    /// Whether `error` says the provider was never reached: refused before anything was
    /// written, or a payment failed because its request could not be sent.
    static func matches(_ error: any Error) -> Bool {
        switch error {
        case GatewayFailure.processorUnreachable: return true
        case GatewayFailure.processorFailed(.notConnected, _, _): return true
        default: return false
        }
    }

    /// The answer to a tap refused before a payment was made: the tap alone describes it, and
    /// `haloReference` is empty because there is no payment to look up.
    static func answer(tap: OpenedTap, reference: String, merchantId: String, deviceId: String, now: Date) -> (HTTPResponse.Status, AppleTransactionResponse) {
        // Halo taps carry their amount (9F02, 5F2A); data passed on sealed is not taken on this route.
        let money = tap.amount ?? Money(minorUnits: 0, currency: .usd)
        var row = Transaction(
            id: "", merchantId: merchantId, type: .sale, status: .failed, currency: money.currency, amount: money.minorUnits,
            createMethod: .tapToPay, createdAt: now)
        row.referenceId = reference
        row.cardPresent = tap.details(deviceId: deviceId)
        // Only rendered, never stored: no PAN hash is needed.
        row.card = tap.card.summary(panHash: "", entryMode: "contactless")
        return answer(for: row, isPINAnswer: false)
    }

    /// The answer naming a payment: one the link dropped under (failed), or one still waiting
    /// for its PIN, whose try never left (it stays `pinRequired`, with its PIN token, so the
    /// device can send the PIN again).
    static func answer(for row: Transaction, isPINAnswer: Bool) -> (HTTPResponse.Status, AppleTransactionResponse) {
        var (_, response) = HaloResponse.render(row, isPINAnswer: isPINAnswer)
        response.onlineAuthorizationResponse.type = "Declined"
        response.onlineAuthorizationResponse.authorizationCode = ""
        response.onlineAuthorizationResponse.paymentProviderReference = ""
        response.onlineAuthorizationResponse.errorCode = HaloResponse.providerFailed
        response.onlineAuthorizationResponse.isoResponseCode = isoCode
        response.onlineAuthorizationResponse.errorMessage = message
        return (.created, response)
    }
}
