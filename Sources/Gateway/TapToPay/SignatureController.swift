import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// The cardholder's signature on a tapped payment, taken in the app (Toro's app signature
/// mode): stored once with the payment, read back for the receipt.
struct SignatureController {
    let store: any Store

    var routes: [GatewayRoute] {
        [
            .idempotent(.put, APIPath.signature(PathParameter.id.template), .permission(.featureTapToPayOnMobile)) { input in
                try await put(input)
            },
            .get(APIPath.signature(PathParameter.id.template), .permission(.getTransactionDetails)) { input in try await get(input) },
        ]
    }

    private func put(_ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let (caller, id) = (try input.caller, try input.parameter(.id))
        let upload = try JSONCoding.decode(SignatureResource.self, from: input.body)
        guard upload.contentType == nil else { throw GatewayFailure.invalid("contentType", "contentType is read from the image; leave it out") }
        let type = try SignatureImage.contentType(of: upload.signature)
        try await store.write { writer in
            guard var payment = try await writer.lockTransaction(id: id, merchantId: caller.merchantId), payment.parentId == nil else {
                throw GatewayFailure.notFound(.transaction, id: id)
            }
            try SignatureImage.check(payment, taking: upload.signature)
            guard payment.signature == nil else { return }
            payment.signature = upload.signature
            try await writer.update(payment)
        }
        return (.ok, try JSONCoding.encoder.encode(SignatureResource(signature: upload.signature, contentType: type)))
    }

    private func get(_ input: RouteInput) async throws -> Response {
        let (caller, id) = (try input.caller, try input.parameter(.id))
        guard let payment = try await store.read({ try await $0.transaction(id: id, merchantId: caller.merchantId) }) else {
            throw GatewayFailure.notFound(.transaction, id: id)
        }
        guard let signature = payment.signature else { throw GatewayFailure.notFound(.signature, id: "of transaction \(id)") }
        return try JSONCoding.response(.ok, SignatureResource(signature: signature, contentType: try SignatureImage.contentType(of: signature)))
    }
}
