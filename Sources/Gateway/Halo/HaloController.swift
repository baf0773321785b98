import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// The Halo-compatible routes, exactly as the Halo document names and shapes them:
/// `POST /transactions/apple` after a tap and `POST /transactions/{id}/submitPinApple` with
/// the PIN. Thin adapters over the same services as `/v1`.
struct HaloController {
    /// What these routes use.
    struct Services: Sendable {
        let taps: TakeTapPayment
        /// Reads the payment a PIN was for when the provider cannot be reached.
        let store: any Store
        let now: @Sendable () -> Date

        init(_ all: GatewayServices) {
            taps = all.taps
            store = all.store
            now = all.now
        }
    }

    let services: Services

    var routes: [GatewayRoute] {
        [
            route(APIPath.appleTransaction, format: .halo, claimsInPhaseOne: true) { input, apple, reference in
                try await submitTransaction(input, apple, reference)
            },
            route(APIPath.submitPinApple(PathParameter.transactionId.template), format: .haloPIN) { input, apple, reference in
                Self.encoded(try await submitPIN(input, apple, reference))
            },
        ]
    }

    private func submitTransaction(
        _ input: RouteInput, _ apple: AppleTransactionRequest, _ reference: String
    ) async throws -> (HTTPResponse.Status, Data) {
        let (caller, device, context) = (try input.caller, try input.activeDevice, input.context)
        let claim = input.claim?.answering(with: Self.answer)
        let tap = try await services.taps.open(
            Self.reading(apple), on: device, pinRefusal: "this payload carries a PIN; send it to /transactions/{id}/submitPinApple")
        var terms = TapPaymentService.Terms()
        terms.referenceId = reference
        // The merchant user of an integrator's JWT made the payment; otherwise the device did.
        terms.createdById = caller.merchantUser
        do {
            return try await pay(tap, terms: terms, device: device, caller: caller, claim: claim, context: context)
        } catch where HaloUnreachable.matches(error) {
            if case GatewayFailure.processorFailed(_, let failed, _) = error {
                return Self.encoded(HaloUnreachable.answer(for: failed, isPINAnswer: false))
            }
            return Self.encoded(HaloUnreachable.answer(
                tap: tap, reference: reference, merchantId: caller.merchantId, deviceId: device.deviceId, now: services.now()))
        }
    }

    /// A payment's answer on `/transactions/apple`, which its phase 3 keeps as the key's.
    private static let answer = IdempotentAnswer(
        render: { finished, _, _ in encoded(HaloResponse.render(finished, isPINAnswer: false)) })

    private static func encoded(_ answer: (HTTPResponse.Status, AppleTransactionResponse)) -> (HTTPResponse.Status, Data) {
        (answer.0, answer.1.jsonData())
    }

    private func pay(
        _ tap: OpenedTap, terms: TapPaymentService.Terms, device: Device, caller: Caller, claim: IdempotencyClaim?, context: GatewayContext
    ) async throws -> (HTTPResponse.Status, Data) {
        // The payment a linked refund changed: phase 3 rendered its kept answer with it.
        var refunded: Transaction?
        let row = try await HaloFailures.finishedRow {
            if tap.kind == .refund {
                guard caller.permissions.contains(APIPermission.ecommerceRefund.rawValue) else {
                    throw GatewayError.forbidden("a refund needs the ecommerceRefund permission")
                }
                let result = try await services.taps.refund(
                    tap: tap, terms: terms, originalTransactionId: nil, device: device, caller: caller,
                    idempotency: claim, logger: context.logger)
                if case .linked(_, let payment) = result { refunded = payment }
                return result.refund
            }
            return try await services.taps.pay(
                .sale, tap: tap, terms: terms, device: device, merchantId: caller.merchantId, idempotency: claim, logger: context.logger)
        }
        // A refund's own row is its answer, as for a sale. The payment and merchant are those
        // phase 3 rendered with, so its kept answer is reused (Halo's shows the row alone).
        let merchant = try await services.store.merchantAsLastWritten(id: caller.merchantId)
        return try Self.answer.answer(row, payment: refunded ?? row, merchant: merchant, claim: claim)
    }

    private func submitPIN(
        _ input: RouteInput, _ apple: AppleTransactionRequest, _ reference: String
    ) async throws -> (HTTPResponse.Status, AppleTransactionResponse) {
        let (caller, device, claim, context) = (try input.caller, try input.activeDevice, input.claim, input.context)
        let paymentId = try input.parameter(.transactionId)
        do {
            let row = try await HaloFailures.finishedRow {
                try await services.taps.submitPIN(
                    paymentId: paymentId, Self.reading(apple), device: device, merchantId: caller.merchantId, merchantReference: reference,
                    idempotency: claim, logger: context.logger)
            }
            return HaloResponse.render(row, isPINAnswer: true)
        } catch where HaloUnreachable.matches(error) {
            if case GatewayFailure.processorFailed(_, let failed, _) = error { return HaloUnreachable.answer(for: failed, isPINAnswer: true) }
            // The try never left: the payment waits for its PIN as before, and the device,
            // which has its PIN token, sends the PIN again.
            guard let payment = try await services.store.read({ try await $0.transaction(id: paymentId, merchantId: caller.merchantId) }),
                  payment.type.isOriginal else { throw GatewayFailure.notFound(.transaction, id: paymentId) }
            var (status, answer) = HaloUnreachable.answer(for: payment, isPINAnswer: true)
            answer.onlineAuthorizationResponse.pinToken = ""
            return (status, answer)
        }
    }

    /// A Halo route: the Tap to Pay permission and device; the body (the `AppleTransaction`
    /// schema with its required reference) under its idempotency key. Without an
    /// `Idempotency-Key`, the same body sent again (a network retry) is the same request: the
    /// key is the request's hash, so its answer is replayed rather than refused as a replayed
    /// card read.
    private func route(
        _ path: String, format: ResponseFormat, claimsInPhaseOne: Bool = false,
        _ handler: @escaping @Sendable (RouteInput, AppleTransactionRequest, String) async throws -> (HTTPResponse.Status, Data)
    ) -> GatewayRoute {
        let rule = IdempotencyRule(
            format: format, derivedKey: { _, requestHash in "halo:" + requestHash }, claimsInPhaseOne: claimsInPhaseOne)
        return .idempotent(.post, path, .permission(.featureTapToPayOnMobile), device: .required, style: .halo, rule: rule) { input in
            let apple = try JSONCoding.decode(AppleTransactionRequest.self, from: input.body)
            return try await handler(input, apple, try Self.merchantReference(apple))
        }
    }

    private static func reading(_ body: AppleTransactionRequest) -> TakeTapPayment.Reading {
        TakeTapPayment.Reading(generalCardData: body.generalCardData, paymentCardData: body.paymentCardData)
    }

    /// Required by the Halo document; 1 to 255 characters.
    private static func merchantReference(_ body: AppleTransactionRequest) throws -> String {
        guard let reference = body.merchantReference, !reference.isEmpty, reference.count <= 255 else {
            throw GatewayError.invalid("merchantReference", "merchantReference is required: your order reference, 1 to 255 characters")
        }
        return reference
    }
}
