import GatewayAPI
import Hummingbird
import Storage

/// Settlement batches: list them, read one, close the open one.
struct BatchController {
    let batches: BatchService
    let idempotency: IdempotencyGuard

    func addRoutes(to v1: RouterGroup<GatewayContext>) {
        v1.get("batches") { _, context in
            let caller = try context.require(.getSettlementBatches)
            let items = try await batches.list(merchantId: caller.merchantId).map(Self.render)
            return try JSONCoding.response(.ok, BatchList(items: items))
        }
        v1.post("batches/close") { request, context in
            let caller = try context.require(.submitBatchForSettlement)
            var request = request
            let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
            return try await idempotency.run(merchantId: caller.merchantId, request: request, body: body) { _ in
                guard let closed = try await batches.close(merchantId: caller.merchantId) else {
                    throw GatewayError(.conflict, .invalidStateTransition, "there is no open batch: nothing was captured or refunded since the last close")
                }
                return (.ok, try JSONCoding.encoder.encode(Self.render(closed)))
            }
        }
        v1.get("batches/:id") { _, context in
            let caller = try context.require(.getSettlementBatches)
            let id = try context.parameters.require("id")
            guard let batch = try await batches.batch(id: id, merchantId: caller.merchantId) else {
                throw GatewayError.notFound("batch \(id)")
            }
            return try JSONCoding.response(.ok, Self.render(batch))
        }
    }

    static func render(_ batch: Batch) -> BatchResource { BatchResource(batch) }
}
