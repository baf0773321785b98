import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Processing
import Testing

/// The Halo table: a processor that failed on the payment is a decline (the failed row,
/// 209), a refusal below 500 the canonical envelope, anything else Halo's bare 500.
@Suite("GatewayFailure → Halo answers")
struct HaloFailuresTests {
    private let failed = Transaction(id: "txn_1", merchantId: "m", type: .sale, status: .failed, currency: .usd, amount: 100, createdAt: .distantPast)

    @Test func aProcessorErrorOrTimeoutIsTheFailedRowShownAsDeclined() async throws {
        for error: ProcessorError in [.unavailable(code: "96", message: "system malfunction"), .noAnswer] {
            let row = try await HaloFailures.finishedRow { throw GatewayFailure.processorFailed(error, failed: failed, paymentStatus: .failed) }
            #expect(row == failed)
            let (status, body) = HaloResponse.render(row, isPINAnswer: false)
            #expect(status == .created)
            #expect(body.onlineAuthorizationResponse.errorCode == HaloResponse.providerFailed)
        }
    }

    @Test func aProcessorThatCannotBeReachedIsNoDecline() async {
        #expect(HaloFailures.declinedRow(GatewayFailure.processorFailed(.notConnected, failed: failed, paymentStatus: .failed)) == nil)
        #expect(HaloFailures.declinedRow(GatewayFailure.processorUnreachable(reason: nil)) == nil)
        #expect(HaloFailures.declinedRow(GatewayFailure.cardReadReplayed) == nil)
    }

    @Test func refusalsBelow500GoToTheEnvelopeAndTheRestToHalos500() {
        struct Other: Error {}
        #expect(HaloFailures.passesToEnvelope(GatewayFailure.invalid("merchantReference", "required")))
        #expect(HaloFailures.passesToEnvelope(GatewayFailure.pinRefused(.windowExpired)))
        #expect(HaloFailures.passesToEnvelope(GatewayError.notFound("transaction t")))
        #expect(!HaloFailures.passesToEnvelope(GatewayFailure.processorUnreachable(reason: nil)))
        #expect(!HaloFailures.passesToEnvelope(GatewayFailure.processorFailed(.notConnected, failed: failed, paymentStatus: .failed)))
        #expect(!HaloFailures.passesToEnvelope(GatewayFailure.batchTotalsTooLarge))
        #expect(!HaloFailures.passesToEnvelope(Other()))
    }
}
