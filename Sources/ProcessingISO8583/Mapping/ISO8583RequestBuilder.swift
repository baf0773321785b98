import CardData
import Foundation
import PaymentCore
import Processing

/// Builds the request message of each processor operation, as docs/iso8583.md
/// ("Operations") lays them out. Pure: the STAN and the time are given.
struct ISO8583RequestBuilder: Sendable {
    /// Field 32, when the acquirer wants it.
    let acquiringInstitutionId: String?
    /// The PIN as field 52: an ISO 9564 format 0 block under the zone PIN key.
    let encipherPIN: @Sendable (_ pin: PIN, _ pan: String) throws -> [UInt8]

    /// A sale, an authorization, an unreferenced refund, or a PIN try of one of them.
    func original(_ request: AuthorizationRequest, acquirer: AcquirerIdentity, stamp: ISO8583Stamp)
        throws(ProcessorError) -> ISO8583Message {
        var message = try original(request.kind, amount: request.amount, acquirer: acquirer, stamp: stamp)
        message.fields[60] = .text(ISO8583POSData.field60(request))
        let card: KeyedCard
        switch request.card {
        case .clear(let clear):
            card = clear
        case .sealed(let sealed):
            try Self.sealed(sealed, into: &message)
            (message.fields[22], message.fields[25]) = (.text("071"), .text("00"))
            return message
        }
        if let chip = request.chip {
            if let track2 = chip.track2 {
                message.fields[35] = .text(track2)
            } else {
                keyed(card, into: &message)
            }
            if let sequence = chip.sequenceNumber { message.fields[23] = .text(sequence) }
            guard chip.emv.count <= 255 else { throw Self.refusal("30", "the chip data do not fit field 55 (255 bytes)") }
            if !chip.emv.isEmpty { message.fields[55] = .binary(Array(chip.emv)) }
        } else {
            keyed(card, into: &message)
        }
        // Field 22: how the card was read, then "1" PIN capable / "2" not; 25: "08" card not present.
        switch request.entryMode {
        case .contactless: (message.fields[22], message.fields[25]) = (.text("071"), .text("00"))
        case .keyed: (message.fields[22], message.fields[25]) = (.text("012"), .text("08"))
        case .swiped: (message.fields[22], message.fields[25]) = (.text("902"), .text("00"))
        case .fallbackSwipe: (message.fields[22], message.fields[25]) = (.text("802"), .text("00"))
        }
        // 51: a request to verify the account without authorizing an amount.
        if request.kind == .verification { message.fields[25] = .text("51") }
        if let pin = request.pin {
            do {
                message.fields[52] = .binary(try encipherPIN(pin, card.pan))
            } catch {
                throw Self.refusal("96", "the PIN could not be enciphered for the acquirer")
            }
        }
        return message
    }

    /// An original without its card: what a reversal repeats of it, when the gateway stopped
    /// before the answer was recorded and the card is long gone.
    func original(_ kind: AuthorizationRequest.Kind, amount: Money, acquirer: AcquirerIdentity, stamp: ISO8583Stamp)
        throws(ProcessorError) -> ISO8583Message {
        let code = kind == .refund ? ISO8583ProcessingCode.refund : ISO8583ProcessingCode.purchase
        return try common(Self.mti(of: kind), code, amount, amount: amount.minorUnits, acquirer, stamp)
    }

    /// 0100 for an authorization or an account verification, 0200 for a sale or a refund.
    static func mti(of kind: AuthorizationRequest.Kind) -> ISO8583MTI {
        kind == .authorization || kind == .verification ? .authorizationRequest : .financialRequest
    }

    /// A capture, incremental authorization, tip adjustment, void, reversal or refund of a
    /// payment the acquirer approved: no card data, the original named by 37 and 90.
    func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest, acquirer: AcquirerIdentity,
                  stamp: ISO8583Stamp) throws(ProcessorError) -> ISO8583Message {
        guard let reference = request.originalReference, let kind = request.originalKind,
              let stamped = request.originalTrace.flatMap(ISO8583Stamp.init(text:)) else {
            throw Self.refusal("12", "the original payment was not approved through this acquirer link")
        }
        let money = request.amount
        var message: ISO8583Message
        switch operation {
        case .capture:
            message = try common(.financialAdvice, ISO8583ProcessingCode.purchase, money, amount: money.minorUnits, acquirer, stamp)
            message.fields[38] = request.originalAuthorizationCode.map { .text($0) }
        case .incrementAuthorization:
            message = try common(.authorizationRequest, ISO8583ProcessingCode.purchase, money, amount: money.minorUnits, acquirer, stamp)
        case .adjustTip:
            guard let newTotal = request.newTotal, let tip = ISO8583Amount.twelveDigits(money.minorUnits) else {
                throw Self.refusal("13", "a tip adjustment needs the new total and a tip of at most twelve digits")
            }
            message = try common(.financialAdvice, ISO8583ProcessingCode.adjustment, money, amount: newTotal.minorUnits, acquirer, stamp)
            message.fields[38] = request.originalAuthorizationCode.map { .text($0) }
            message.fields[54] = .text("0044" + ISO8583Amount.currencyCode(money.currency) + "D" + tip)
        case .void:
            message = try common(.reversalRequest, ISO8583ProcessingCode.purchase, money, amount: money.minorUnits, acquirer, stamp)
        case .reverse:
            let before = request.outstandingBefore?.minorUnits ?? money.minorUnits
            message = try common(.reversalRequest, ISO8583ProcessingCode.purchase, money, amount: before, acquirer, stamp)
            let after = before - money.minorUnits
            if after > 0, let stands = ISO8583Amount.twelveDigits(after) {
                message.fields[95] = .text(stands + "".leftPadded(to: 12) + "C00000000" + "C00000000")
            }
        case .refund:
            message = try common(.financialRequest, ISO8583ProcessingCode.refund, money, amount: money.minorUnits, acquirer, stamp)
        case .authorize, .lookup, .cancel, .achDebit, .achStatus:
            throw Self.refusal("12", "\(operation) is not a follow-up")
        }
        let trace = ISO8583Trace(mti: Self.mti(of: kind), stan: stamped.stan, transmission: stamped.transmission)
        message.fields[37] = .text(reference)
        message.fields[90] = .text(trace.originalDataElements(acquiringInstitution: acquiringInstitutionId))
        return message
    }

    /// The reversal of a request that got no answer: its own processing code, amount and
    /// ids, 90 naming it. `isRepeat` makes it a 0401.
    func reversal(of lost: ISO8583Message, stamp: ISO8583Stamp, isRepeat: Bool) -> ISO8583Message? {
        guard let trace = ISO8583Trace(of: lost) else { return nil }
        var message = ISO8583Message(mti: isRepeat ? .reversalRequestRepeat : .reversalRequest)
        for field in [3, 4, 32, 37, 41, 42, 49] { message.fields[field] = lost.fields[field] }
        message.fields[7] = .text(stamp.transmission)
        message.fields[11] = .text(stamp.stan)
        message.fields[12] = .text(stamp.localTime)
        message.fields[13] = .text(stamp.localDate)
        message.fields[90] = .text(trace.originalDataElements(acquiringInstitution: acquiringInstitutionId))
        return message
    }

    /// The fields every financial request carries.
    private func common(_ mti: ISO8583MTI, _ processingCode: String, _ money: Money, amount: Int64, _ acquirer: AcquirerIdentity,
                        _ stamp: ISO8583Stamp) throws(ProcessorError) -> ISO8583Message {
        guard let digits = ISO8583Amount.twelveDigits(amount) else { throw Self.refusal("13", "the amount does not fit field 4") }
        var message = ISO8583Message(mti: mti)
        message.fields[3] = .text(processingCode)
        message.fields[4] = .text(digits)
        message.fields[7] = .text(stamp.transmission)
        message.fields[11] = .text(stamp.stan)
        message.fields[12] = .text(stamp.localTime)
        message.fields[13] = .text(stamp.localDate)
        message.fields[32] = acquiringInstitutionId.map { .text($0) }
        // Schemes want what the merchant is (18) and where (43) on each authorization and
        // financial request; advices and reversals name an original that carried them.
        if mti == .authorizationRequest || mti == .financialRequest {
            let mcc = acquirer.merchantCategoryCode
            guard mcc.utf8.count == 4, mcc.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw Self.refusal("03", "the merchant category code is not four digits")
            }
            message.fields[18] = .text(mcc)
            message.fields[43] = acquirer.location.map { .text(ISO8583AcceptorLocation.field43($0)) }
        }
        message.fields[41] = .text(acquirer.terminalId)
        message.fields[42] = .text(acquirer.cardAcceptorId)
        message.fields[49] = .text(ISO8583Amount.currencyCode(money.currency))
        return message
    }

    /// A tap passed on sealed (`--card-data pass-through`): the reader's data in 120 as it
    /// came, and in 121 what the acquirer checks it against once opened: the merchant and
    /// device it must have been read for, and on a PIN try the PIN token the payment gave.
    /// Each 121 element is a two-letter tag, four digits of length, and the value.
    private static func sealed(_ card: SealedCard, into message: inout ISO8583Message) throws(ProcessorError) {
        guard card.paymentCardData.utf8.count <= 9999 else { throw refusal("30", "the sealed card data do not fit field 120 (9999 characters)") }
        message.fields[120] = .text(card.paymentCardData)
        var context = ""
        for (tag, value) in [("MI", card.binding.merchantId), ("DI", card.binding.deviceId), ("PT", card.pinToken)] {
            guard let value else { continue }
            context += tag + String(value.utf8.count).leftPadded(to: 4) + value
        }
        guard context.utf8.count <= 9999 else { throw refusal("30", "the reader's context does not fit field 121 (9999 characters)") }
        message.fields[121] = .text(context)
    }

    /// Number and expiry (`YYMM`) of a card typed in, or of a tap without track 2.
    private func keyed(_ card: KeyedCard, into message: inout ISO8583Message) {
        let year = card.expiryYear % 100, month = card.expiryMonth
        message.fields[2] = .text(card.pan)
        message.fields[14] = .text((year < 10 ? "0" : "") + "\(year)" + (month < 10 ? "0" : "") + "\(month)")
    }

    /// Nothing was sent: the request cannot be expressed in this profile.
    private static func refusal(_ code: String, _ message: String) -> ProcessorError {
        .unavailable(code: code, message: message)
    }
}
