@testable import Gateway
import Foundation
import GatewayAPI
import HTTPTypes
import Testing

/// Another merchant's dispute, evidence or payment is not there: 404 on every dispute route,
/// and a file naming it imports nothing.
@Suite("Disputes: tenancy")
struct DisputeTenancyTests {
    @Test func anotherMerchantsDisputeIsNotFoundOnEveryRoute() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (sale, dispute) = try await session.disputedSale()
            let answered = try await session.send(
                .post, APIPath.disputeEvidence(dispute.id), json: #"{"files":[{"name":"a.txt","contentType":"text/plain","data":"QQ=="}]}"#)
            let fileId = try #require(try answered.decode(DisputeResource.self).evidence?.files.first?.id)
            let other = try await harness.otherMerchantToken(session.client)
            for (method, path) in [(HTTPRequest.Method.get, APIPath.dispute(dispute.id)), (.post, APIPath.disputeAcceptance(dispute.id)),
                                   (.post, APIPath.disputeEvidence(dispute.id)), (.get, APIPath.disputeEvidenceFile(dispute.id, fileId: fileId))] {
                let reply = try await session.send(method, path, json: path.hasSuffix("/evidence") ? #"{"text":"mine now"}"# : nil, token: other)
                #expect(reply.status == 404, "\(method) \(path): \(reply.text)")
                #expect(reply.error?.code == APIErrorCode.notFound.rawValue)
            }
            let theirs = try await session.send(.get, APIPath.disputes, token: other).decode(DisputeList.self)
            #expect(theirs.total == 0)
            let wrongFile = try await session.send(.get, APIPath.disputeEvidenceFile(dispute.id, fileId: "nope"))
            #expect(wrongFile.status == 404)
            // Their operator cannot dispute this merchant's payment.
            let merchant = try await harness.services.admin.createMerchant(name: "Third")
            let made = try await harness.services.admin.createClient(merchantId: merchant.id, name: "op", permissions: [.importDisputes])
            let theirOperator = try await TestSession.token(session.client, clientId: made.client.id, secret: made.secret)
            let reply = try await session.importDisputes(TestSession.disputeFile(payment: sale.id, reference: "CB-9"), token: theirOperator)
            #expect(reply.status == 400 && reply.error?.field == "payment_id", "\(reply.text)")
            let still = try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self)
            #expect(still.status == .underReview)
        }
    }
}
