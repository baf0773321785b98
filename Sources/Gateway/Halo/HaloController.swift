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
        let deviceGuard: DeviceGuard
        let idempotency: IdempotencyGuard

        init(_ all: GatewayServices) {
            taps = all.taps
            deviceGuard = all.deviceGuard
            idempotency = all.idempotency
        }
    }

    let services: Services

    func addRoutes(to group: RouterGroup<GatewayContext>) {
        group.post("apple") { request, context in
            try await submitTransaction(request, context: context)
        }
        group.post(":id/submitPinApple") { request, context in
            try await submitPIN(request, context: context)
        }
    }

    private func submitTransaction(_ request: Request, context: GatewayContext) async throws -> Response {
        try await handle(request, context: context, format: .halo) { caller, device, apple, reference, claim in
            let tap = try await services.taps.open(
                Self.reading(apple), on: device, pinRefusal: "this payload carries a PIN; send it to /transactions/{id}/submitPinApple")
            var terms = TapPaymentService.Terms()
            terms.referenceId = reference
            let row = try await HaloFailures.finishedRow {
                if tap.kind == .refund {
                    guard caller.permissions.contains(APIPermission.ecommerceRefund.rawValue) else {
                        throw GatewayError.forbidden("a refund needs the ecommerceRefund permission")
                    }
                    return try await services.taps.refund(
                        tap: tap, terms: terms, originalTransactionId: nil, device: device, caller: caller,
                        idempotency: claim, logger: context.logger).refund
                }
                return try await services.taps.pay(
                    .sale, tap: tap, terms: terms, device: device, merchantId: caller.merchantId, idempotency: claim, logger: context.logger)
            }
            return HaloResponse.render(row, isPINAnswer: false)
        }
    }

    private func submitPIN(_ request: Request, context: GatewayContext) async throws -> Response {
        let paymentId = try context.parameters.require("id")
        return try await handle(request, context: context, format: .haloPIN) { caller, device, apple, reference, claim in
            let row = try await HaloFailures.finishedRow {
                try await services.taps.submitPIN(
                    paymentId: paymentId, Self.reading(apple), device: device, merchantId: caller.merchantId, merchantReference: reference,
                    idempotency: claim, logger: context.logger)
            }
            return HaloResponse.render(row, isPINAnswer: true)
        }
    }

    /// What both routes do first: the permission, the device, the body under its idempotency
    /// key, the `AppleTransaction` schema with its required reference.
    private func handle(
        _ request: Request, context: GatewayContext, format: ResponseFormat,
        _ body: @escaping (Caller, Device, AppleTransactionRequest, String, IdempotencyClaim?) async throws
            -> (HTTPResponse.Status, AppleTransactionResponse)
    ) async throws -> Response {
        let caller = try context.require(.featureTapToPayOnMobile)
        let device = try await services.deviceGuard.requireActiveDevice(request, merchantId: caller.merchantId)
        var request = request
        let bytes = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await services.idempotency.run(
            merchantId: caller.merchantId, request: request, body: bytes, derivedKey: Self.derivedKey(bytes, path: request.uri.path),
            format: format
        ) { claim in
            let apple = try JSONCoding.decode(AppleTransactionRequest.self, from: bytes)
            let (status, response) = try await body(caller, device, apple, try Self.merchantReference(apple), claim)
            return (status, try JSONCoding.encoder.encode(response))
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

    /// Without an `Idempotency-Key`, the same body sent again (a network retry) is the same
    /// request: its answer is replayed rather than refused as a replayed card read.
    private static func derivedKey(_ body: ByteBuffer, path: String) -> String {
        "halo:" + IdempotencyGuard.requestHash(method: "POST", path: path, body: body)
    }
}
