@testable import Gateway
import Foundation
import GatewayAPI
import PaymentCore
import Testing

/// The OpenAPI document names every Koard route and every field its wire types carry.
@Suite("The OpenAPI document names the Koard routes")
struct KoardOpenAPITests {
    @Test func everyKoardRouteIsDocumented() {
        for path in [
            KoardPath.payment, KoardPath.preauth, KoardPath.capture("{id}"), KoardPath.auth("{id}"), KoardPath.adjust("{id}"),
            KoardPath.reverse("{id}"), KoardPath.refund("{id}"),
        ] {
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(path)")
        }
        let status = OpenAPIDocument.yaml.contains("enum: [\(KoardStatus.allCases.map(\.rawValue).joined(separator: ", "))]")
        #expect(status)
    }

    /// Every JSON key the Koard wire types and the breakdown types use is in its schema.
    @Test func everyWireFieldIsDocumented() throws {
        let date = Date(timeIntervalSince1970: 0)
        let breakdown = KoardBreakdown(subtotal: 1, taxRate: 0, taxAmount: 0, tipAmount: 0, tipType: "fixed", surchargeAmount: 0, surchargeRate: 0)
        var transaction = KoardTransaction(transactionId: "t", status: .captured, amount: 1, currency: "USD", createdAt: date, updatedAt: date)
        transaction.referenceId = "r"
        transaction.breakdown = breakdown
        transaction.card = KoardCard(maskedPan: "m", brand: "b")
        transaction.responseCode = "00"
        transaction.responseMessage = "Approved"
        var operation = KoardOperation(operationId: "o", type: "capture", status: .captured, amount: 1)
        operation.responseCode = "00"
        operation.responseMessage = "Approved"
        transaction.operation = operation
        let values: [(String, any Encodable)] = [
            ("KoardBreakdown", breakdown),
            ("KoardPaymentRequest", KoardPaymentRequest(generalCardData: "g", paymentCardData: "p", amount: 1, currency: "USD",
                                                        breakdown: breakdown, transactionId: "t", eventId: "e")),
            ("KoardCaptureRequest", KoardCaptureRequest(amount: 1, breakdown: breakdown, eventId: "e")),
            ("KoardAuthRequest", KoardAuthRequest(amount: 1, breakdown: breakdown, eventId: "e")),
            ("KoardAdjustRequest", KoardAdjustRequest(amount: 1, percentage: 0, eventId: "e")),
            ("KoardAmountRequest", KoardAmountRequest(amount: 1, eventId: "e")),
            ("KoardTransaction", transaction),
            ("KoardCard", KoardCard(maskedPan: "m", brand: "b")),
            ("KoardOperation", operation),
            ("BreakdownRequest", BreakdownRequest(subtotal: 1, taxRate: 0, taxAmount: 0, tipAmount: 0, tipType: "fixed", surchargeAmount: 0,
                                                  surchargeRate: 0)),
            // What a /v1 answer shows as its `breakdown` (schema PaymentBreakdown).
            ("PaymentBreakdown", BreakdownRequest(PaymentBreakdown(subtotal: 1, taxRate: .percent(0), surchargeRate: .percent(0)))),
        ]
        for (name, value) in values {
            let schema = try #require(OpenAPIDocumentTests.schema(name), "schema \(name)")
            let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
            for key in object.keys {
                #expect(schema.contains("\n        \(key):\n"), "\(name).\(key)")
            }
        }
        for name in ["TransactionResource", "CardTransactionRequest", "TapTransactionRequest", "CaptureBody"] {
            #expect(try #require(OpenAPIDocumentTests.schema(name)).contains("\n        breakdown:\n"), "\(name)")
        }
    }
}
