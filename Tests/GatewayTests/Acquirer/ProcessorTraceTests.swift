import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// The processor's trace (the STAN and time naming the request sent) is the link's own
/// bookkeeping for field 90: no API shape shows it, in any of the APIs.
@Suite("Processor trace stays internal")
struct ProcessorTraceTests {
    static let trace = "0000421123180102"

    @Test func noRenderedShapeShowsTheTrace() throws {
        var payment = Fixtures.fullTransaction()
        payment.parentId = nil
        #expect(payment.processorTrace == Self.trace)
        var operation = Fixtures.fullTransaction(id: "t_op")
        operation.type = .capture
        let renderer = TransactionRenderer(now: { Fixtures.epoch })
        let rendered: [(String, Data)] = [
            ("v1", try APIJSON.encoder.encode(renderer.render(payment, merchant: Fixtures.merchant(), operations: [operation]))),
            ("koard", try APIJSON.encoder.encode(KoardRenderer.render(payment, operation: operation))),
            ("halo", try APIJSON.encoder.encode(HaloResponse.render(payment, isPINAnswer: false).1)),
        ]
        for (api, json) in rendered {
            let text = String(decoding: json, as: UTF8.self)
            #expect(text.contains("Approved") || text.contains("A1B2C3"), "\(api): the processor's answer is rendered: \(text)")
            #expect(!text.contains(Self.trace), "\(api): \(text)")
        }
    }
}
