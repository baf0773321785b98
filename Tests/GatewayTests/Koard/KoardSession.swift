import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import Testing
import TestSupport

/// Koard-compatible requests from a test session: a tap posted to `/v4/payment` or
/// `/v4/preauth` from the active device, and the follow-ups on `/v3` and `/v1/payments`.
extension TestSession {
    /// The body of a Koard sale or preauth; `extra` is appended JSON members (",\"event_id\":\"e1\"").
    static func koardBody(_ sealed: SealedCardData, amount: Int64, currency: String = "USD", extra: String = "") -> String {
        #"{"general_card_data":"\#(sealed.generalCardData)","payment_card_data":"\#(sealed.paymentCardData)","amount":\#(amount),"currency":"\#(currency)"\#(extra)}"#
    }

    /// Posts `json` to a Koard tap route from the session's device.
    func koardPost(_ path: String, _ json: String, headers: HTTPFields = [:]) async throws -> TestReply {
        var all = headers
        all[Self.deviceHeader] = Self.deviceId
        return try await send(.post, path, json: json, headers: all)
    }

    /// A tap of `pan` for `amount`, sent to `path` (`/v4/payment` or `/v4/preauth`).
    func koardTap(_ path: String = KoardPath.payment, amount: Int64, pan: String = TestCards.visaApproved.pan, extra: String = "")
        async throws -> TestReply {
        let sealed = try tap(pan: pan, amount: UInt64(amount))
        return try await koardPost(path, Self.koardBody(sealed, amount: amount, extra: extra))
    }

    /// A tap that must succeed; the payment as Koard shows it.
    func koardPayment(_ path: String = KoardPath.payment, amount: Int64, pan: String = TestCards.visaApproved.pan, extra: String = "")
        async throws -> KoardTransaction {
        let reply = try await koardTap(path, amount: amount, pan: pan, extra: extra)
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.koard
    }

    /// A follow-up; `json` nil sends no body.
    func koard(_ path: String, _ json: String? = nil, headers: HTTPFields = [:]) async throws -> TestReply {
        try await send(.post, path, json: json, headers: headers)
    }
}

extension TestReply {
    /// The `transaction` of a Koard `TransactionResponse`.
    var koard: KoardTransaction {
        get throws { try decode(KoardTransactionResponse.self).transaction }
    }
}
