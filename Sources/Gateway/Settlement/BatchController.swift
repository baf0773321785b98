import GatewayAPI
import Hummingbird
import Storage

/// Settlement batches: list them, read one, close the open one.
struct BatchController {
    let batches: BatchService

    var routes: [GatewayRoute] {
        [
            .get(APIPath.batches, .permission(.getSettlementBatches)) { input in
                let items = try await batches.list(merchantId: try input.caller.merchantId).map(Self.render)
                return try JSONCoding.response(.ok, BatchList(items: items))
            },
            .idempotent(.post, APIPath.closeBatch, .permission(.submitBatchForSettlement)) { input in
                try JSONCoding.requireNoFields(input.body)
                guard let closed = try await batches.close(merchantId: try input.caller.merchantId) else {
                    throw GatewayError(.conflict, .invalidStateTransition, "there is no open batch: nothing was captured or refunded since the last close")
                }
                return (.ok, try JSONCoding.encoder.encode(Self.render(closed)))
            },
            .get(APIPath.batch(PathParameter.id.template), .permission(.getSettlementBatches)) { input in
                let id = try input.parameter(.id)
                guard let batch = try await batches.batch(id: id, merchantId: try input.caller.merchantId) else {
                    throw GatewayError.notFound("batch \(id)")
                }
                return try JSONCoding.response(.ok, Self.render(batch))
            },
        ]
    }

    static func render(_ batch: Batch) -> BatchResource { BatchResource(batch) }
}
