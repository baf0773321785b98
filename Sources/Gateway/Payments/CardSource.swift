import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Processing

/// The card of a keyed-route request: typed (`cardDataSource` "manual": number, expiry,
/// security code) or swiped ("swipe": track 2, with the EMV fallback reasons when the chip
/// could not be read). The card-present fields this route cannot take safely are refused
/// here, each with what to send instead.
struct CardSource {
    var card: KeyedCard
    var entryMode: AuthorizationRequest.EntryMode
    /// A swipe's track 2 for an acquirer that wants it (ISO 8583 field 35). In memory only.
    var chip: ChipData?
    var entry: CardEntryDetails

    static let tapInstead = "card data read from a chip or a tap comes sealed from a card reader: send paymentCardData on this same route"

    static func read(_ body: CardTransactionRequest, now: Date) throws -> CardSource {
        try refuseCardPresentFields(body)
        let fallback = try fallbackDetails(body)
        switch body.cardDataSource ?? "manual" {
        case "manual":
            if body.track2 != nil {
                throw GatewayFailure.invalid("track2", "track2 is a swipe's card data; send cardDataSource \"swipe\" with it, or type the card with accountNumber", .cardData)
            }
            if fallback.isFallback {
                let field = fallback.fallbackCondition != nil ? "emvFallbackCondition" : "emvFallbackLastChipRead"
                throw GatewayFailure.invalid(field, "\(field) describes a swipe after a failed chip read; send it with cardDataSource \"swipe\" and track2")
            }
            return CardSource(card: try typedCard(body, now: now), entryMode: .keyed, chip: nil, entry: fallback)
        case "swipe":
            for (field, value) in [("accountNumber", body.accountNumber as Any?), ("expirationMonth", body.expirationMonth), ("expirationYear", body.expirationYear)] where value != nil {
                throw GatewayFailure.invalid(field, "a swiped card's number and expiry come from track2; leave \(field) out")
            }
            guard let text = body.track2 else {
                throw GatewayFailure.invalid("track2", "track2 is required with cardDataSource \"swipe\"", .cardData)
            }
            let track: Track2
            let card: KeyedCard
            do {
                track = try Track2(text)
                card = try KeyedCard(pan: track.card.pan, expiryMonth: track.card.expiryMonth, expiryYear: track.card.expiryYear,
                                     securityCode: body.securityCode)
            } catch {
                throw error == .invalidSecurityCode ? CardPaymentValidator.fieldError(error) : .invalid("track2", "\(CardDataError.invalidTrack2)", .cardData)
            }
            try checkNotExpired(card, field: "track2", now: now)
            return CardSource(card: card, entryMode: fallback.isFallback ? .fallbackSwipe : .swiped,
                              chip: ChipData(track2: track.field35Text, emv: Data()), entry: fallback)
        case let other:
            throw GatewayFailure.invalid("cardDataSource", "cardDataSource must be \"manual\" or \"swipe\", not '\(other.prefix(32))'; \(tapInstead)")
        }
    }

    /// The fields of ARISE's request that this route refuses, with why and what to use.
    private static func refuseCardPresentFields(_ body: CardTransactionRequest) throws {
        if body.paymentMethodId != nil {
            throw GatewayFailure.invalid("paymentMethodId", "Tapline keeps no saved payment methods (no card vault); send the card itself (accountNumber and expiry, or track2)")
        }
        if body.track1 != nil {
            throw GatewayFailure.invalid("track1", "track 1 is not accepted (it carries the cardholder's name beside the number); send track2 with cardDataSource \"swipe\"", .cardData)
        }
        if body.emvTags != nil {
            throw GatewayFailure.invalid("emvTags", "EMV tags are not taken in the clear; \(tapInstead)", .cardData)
        }
        if body.emvPaymentAppVersion != nil {
            throw GatewayFailure.invalid("emvPaymentAppVersion", "emvPaymentAppVersion belongs to chip data, which is not taken in the clear; \(tapInstead)", .cardData)
        }
        if body.pin != nil {
            throw GatewayFailure.invalid("pin", "a PIN is never taken in the clear over the API; the cardholder enters it on the card reader, which seals it (single tap and PIN: POST /v1/transactions/{id}/pin)")
        }
        if body.pinKsn != nil {
            throw GatewayFailure.invalid("pinKsn", "DUKPT PIN blocks are not taken; the cardholder enters the PIN on the card reader, which seals it (POST /v1/transactions/{id}/pin)")
        }
    }

    private static func fallbackDetails(_ body: CardTransactionRequest) throws -> CardEntryDetails {
        var details = CardEntryDetails()
        if let raw = body.emvFallbackCondition {
            guard let value = CardEntryDetails.FallbackCondition(rawValue: raw) else {
                let allowed = CardEntryDetails.FallbackCondition.allCases.map(\.rawValue).joined(separator: ", ")
                throw GatewayFailure.invalid("emvFallbackCondition", "emvFallbackCondition must be one of \(allowed)")
            }
            details.fallbackCondition = value
        }
        if let raw = body.emvFallbackLastChipRead {
            guard let value = CardEntryDetails.LastChipRead(rawValue: raw) else {
                let allowed = CardEntryDetails.LastChipRead.allCases.map(\.rawValue).joined(separator: ", ")
                throw GatewayFailure.invalid("emvFallbackLastChipRead", "emvFallbackLastChipRead must be one of \(allowed)")
            }
            details.lastChipRead = value
        }
        return details
    }

    private static func typedCard(_ body: CardTransactionRequest, now: Date) throws -> KeyedCard {
        for (field, value) in [("accountNumber", body.accountNumber as Any?), ("expirationMonth", body.expirationMonth), ("expirationYear", body.expirationYear)] where value == nil {
            throw GatewayFailure.invalid(field, "\(field) is required with cardDataSource \"manual\"")
        }
        let card: KeyedCard
        do {
            card = try KeyedCard(pan: body.accountNumber ?? "", expiryMonth: body.expirationMonth ?? 0,
                                 expiryYear: body.expirationYear ?? 0, securityCode: body.securityCode)
        } catch {
            throw CardPaymentValidator.fieldError(error)
        }
        try checkNotExpired(card, field: "expirationYear", now: now)
        return card
    }

    private static func checkNotExpired(_ card: KeyedCard, field: String, now: Date) throws {
        guard card.expiry.isValid(at: now) else {
            throw GatewayFailure.invalid(field, "the card expired at the end of \(card.expiry)", .cardExpired)
        }
    }
}
