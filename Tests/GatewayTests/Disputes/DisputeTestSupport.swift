@testable import Gateway
import Foundation
import GatewayAPI
import HTTPTypes
import NIOCore
import Testing

/// What the dispute tests share: an operator's client (the only one that may import a
/// dispute file) and a dispute opened through that import.
extension TestSession {
    /// A token of a client of the session's merchant that may import dispute files.
    func operatorToken() async throws -> String {
        let made = try await harness.services.admin.createClient(
            merchantId: harness.merchantId, name: "operator", permissions: [.importDisputes, .getDisputes, .respondToDisputes])
        return try await TestSession.token(client, clientId: made.client.id, secret: made.secret)
    }

    /// `POST /v1/disputes/import` with `csv` as the body.
    func importDisputes(_ csv: String, token: String, key: String? = nil) async throws -> TestReply {
        var headers: HTTPFields = [.contentType: "text/csv"]
        if let key { headers[HTTPField.Name(APIHeader.idempotencyKey)!] = key }
        headers[.authorization] = "Bearer \(token)"
        let reply = try await client.execute(uri: APIPath.disputeImport, method: .post, headers: headers, body: ByteBuffer(string: csv)) {
            TestReply(status: Int($0.status.code), headers: $0.headers, body: Data(buffer: $0.body))
        }
        ReplySchemaCheck.record(method: .post, path: APIPath.disputeImport, reply: reply, sourceLocation: #_sourceLocation)
        return reply
    }

    /// A dispute file's header and one row.
    static func disputeFile(
        payment: String, reference: String = "CB-1", amount: Int64 = 1_800, currency: String = "USD", status: String = "needsResponse",
        respondBy: String = "2026-12-10T23:59:59Z"
    ) -> String {
        "payment_id,reference,reason_code,amount,currency,status,respond_by,reason\r\n"
            + "\(payment),\(reference),10.4,\(amount),\(currency),\(status),\(respondBy),\"Fraud, card absent\"\r\n"
    }

    /// Pays a sale and opens a dispute of `amount` of it through the operator's import.
    func disputedSale(amount: Int64 = 1_800, reference: String = "CB-1") async throws -> (payment: TransactionResource, dispute: DisputeResource) {
        let sale = try await pay()
        let reply = try await importDisputes(Self.disputeFile(payment: sale.id, reference: reference, amount: amount), token: try await operatorToken())
        #expect(reply.status == 200, "\(reply.text)")
        let id = try #require(try reply.decode(DisputeImportResult.self).disputeIds.first)
        return (sale, try await send(.get, APIPath.dispute(id)).decode(DisputeResource.self))
    }
}
