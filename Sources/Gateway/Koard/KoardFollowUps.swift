import Foundation
import GatewayAPI
import NIOCore
import PaymentCore

/// The Koard follow-up routes, and how each body becomes a canonical follow-up.
enum KoardFollowUp: Sendable, CaseIterable {
    case capture, auth, adjust, reverse, refund

    /// The same permission the canonical route for the operation asks for.
    var permission: APIPermission {
        switch self {
        case .capture: return .ecommerceCapture
        case .auth: return .ecommerceAuth
        case .adjust: return .submitTipAdjustment
        case .reverse: return .ecommerceVoid
        case .refund: return .ecommerceRefund
        }
    }

    /// A body read and checked: its `event_id`, and the follow-up it asks for once the
    /// payment is known (a tip percentage needs the payment's subtotal).
    struct Parsed: Sendable {
        var eventId: String?
        var breakdown: PaymentBreakdown?
        var request: @Sendable (Transaction) throws -> FollowUpRequest
    }

    /// Capture, reverse and refund accept an empty body; auth and adjust need one.
    func parse(_ body: ByteBuffer) throws -> Parsed {
        let empty = body.readableBytes == 0
        switch self {
        case .capture:
            let capture = empty ? KoardCaptureRequest() : try JSONCoding.decode(KoardCaptureRequest.self, from: body)
            let breakdown = try BreakdownRules.koard.parse(capture.breakdown?.canonical)
            let amount = try AmountField.positive(capture.amount ?? breakdown?.total, field: "amount")
            return Parsed(eventId: capture.eventId, breakdown: breakdown) { _ in .capture(amount: amount) }
        case .auth:
            let auth = try JSONCoding.decode(KoardAuthRequest.self, from: body)
            let breakdown = try BreakdownRules.koard.parse(auth.breakdown?.canonical)
            let delta = try AmountField.positive(auth.amount, field: "amount")
            return Parsed(eventId: auth.eventId, breakdown: breakdown) { _ in .incrementalAuthorization(amount: delta) }
        case .adjust:
            let adjust = try JSONCoding.decode(KoardAdjustRequest.self, from: body)
            let tip = try KoardTipAdjustment(adjust)
            return Parsed(eventId: adjust.eventId) { payment in .tipAdjustment(tip: try tip.amount(for: payment)) }
        case .reverse, .refund:
            let request = empty ? KoardAmountRequest() : try JSONCoding.decode(KoardAmountRequest.self, from: body)
            let amount = try AmountField.positive(request.amount, field: "amount")
            let isRefund = self == .refund
            return Parsed(eventId: request.eventId) { _ in isRefund ? .refund(amount: amount) : .reversal(amount: amount) }
        }
    }
}

extension KoardCaptureRequest: DecimalFields {
    static var decimalFields: Set<String> { ["tax_rate", "surcharge_rate"] }
}

extension KoardAuthRequest: DecimalFields {
    static var decimalFields: Set<String> { ["tax_rate", "surcharge_rate"] }
}

extension KoardAdjustRequest: DecimalFields {
    static var decimalFields: Set<String> { ["percentage"] }
}

extension KoardPaymentRequest: DecimalFields {
    static var decimalFields: Set<String> { ["tax_rate", "surcharge_rate"] }
}
