import Processing
import Storage

/// What a request to the processor needs before phase 1 writes anything: the merchant's ids
/// at the acquirer and the trace naming the request, both kept with the pending row.
struct PreparedRequest: Sendable {
    var acquirer: AcquirerIdentity?
    var trace: String?

    static let none = PreparedRequest()

    /// Nothing for a processor that needs neither. Without the merchant's acquirer ids the
    /// payment is refused here, before phase 1: 409 `acquirer_not_configured`.
    static func prepare(merchantId: String, store: any Store, processor: ProcessorGateway) async throws -> PreparedRequest {
        guard processor.processor.requiresAcquirerIdentity else { return .none }
        let merchant = try await store.read { try await $0.merchant(id: merchantId) }
        guard let acquirer = AcquirerIdentity.of(merchant) else {
            throw GatewayFailure.acquirerNotConfigured
        }
        do throws(ProcessorError) {
            return PreparedRequest(acquirer: acquirer, trace: try await processor.prepareTrace(acquirer: acquirer))
        } catch {
            throw GatewayFailure.processorUnreachable(reason: "\(error)")
        }
    }
}
