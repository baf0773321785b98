@testable import Gateway
import Foundation
import GatewayAPI
import Testing

/// What evidence may be: text, files, or both, within limits, checked before anything is written.
@Suite("Disputes: evidence limits")
struct DisputeEvidenceTests {
    static func file(name: String = "a.pdf", type: String = "application/pdf", data: String = Data("%PDF".utf8).base64EncodedString()) -> String {
        #"{"name":"\#(name)","contentType":"\#(type)","data":"\#(data)"}"#
    }

    @Test(arguments: [
        (#"{}"#, "text"),
        (#"{"text":"   \n "}"#, "text"),
        (#"{"files":[]}"#, "text"),
        (#"{"text":"\#(String(repeating: "é", count: 20_001))"}"#, "text"),
        (#"{"files":[\#(Array(repeating: file(), count: 6).joined(separator: ","))]}"#, "files"),
        (#"{"files":[\#(file(name: "../etc/passwd"))]}"#, "files[0].name"),
        (#"{"files":[\#(file(name: "a\\u0007.pdf"))]}"#, "files[0].name"),
        (#"{"files":[\#(file(name: ""))]}"#, "files[0].name"),
        (#"{"files":[\#(file(type: "text/html"))]}"#, "files[0].contentType"),
        (#"{"files":[\#(file(data: "not base64!"))]}"#, "files[0].data"),
        (#"{"files":[\#(file(data: ""))]}"#, "files[0].data"),
        (#"{"files":[\#(file(data: Data(count: 2 * 1024 * 1024 + 1).base64EncodedString()))]}"#, "files[0].data"),
        (#"{"files":[\#(file(data: Data(count: 2 * 1024 * 1024).base64EncodedString())),\#(file(data: Data(count: 2 * 1024 * 1024).base64EncodedString())),\#(file(data: Data(count: 1024 * 1024 + 1).base64EncodedString()))]}"#, "files"),
        (#"{"text":"ok","note":"extra"}"#, "note"),
    ])
    func badEvidenceIsRefusedAndTheDisputeStillNeedsAResponse(_ body: String, _ field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (_, dispute) = try await session.disputedSale()
            let reply = try await session.send(.post, APIPath.disputeEvidence(dispute.id), json: body)
            #expect(reply.status == 400, "\(reply.text.prefix(300))")
            #expect(reply.error?.field == field, "\(reply.text.prefix(300))")
            let after = try await session.send(.get, APIPath.dispute(dispute.id)).decode(DisputeResource.self)
            #expect(after.status == .needsResponse && after.evidence == nil)
        }
    }

    @Test func aBodyPastTheLimitIs413() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (_, dispute) = try await session.disputedSale()
            let huge = #"{"text":"\#(String(repeating: "a", count: DisputeEvidence.maxBodyBytes))"}"#
            let reply = try await session.send(.post, APIPath.disputeEvidence(dispute.id), json: huge)
            #expect(reply.status == 413)
        }
    }

    @Test func fiveFilesAtTheLimitsAreTaken() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let (_, dispute) = try await session.disputedSale()
            let big = Data(repeating: 0x41, count: DisputeEvidence.maxFileBytes).base64EncodedString()
            let small = Data(repeating: 0x42, count: 1024 * 1024 - 2).base64EncodedString()
            let files = [Self.file(name: "a.pdf", data: big), Self.file(name: "b.png", type: "image/png", data: big),
                         Self.file(name: "c.jpg", type: "image/jpeg", data: small), Self.file(name: "d.txt", type: "text/plain", data: "QQ=="),
                         Self.file(name: "reçu n°5.pdf", data: "QQ==")]
            let text = String(repeating: "é", count: DisputeEvidence.maxTextLength)
            let reply = try await session.send(
                .post, APIPath.disputeEvidence(dispute.id), json: #"{"text":"\#(text)","files":[\#(files.joined(separator: ","))]}"#)
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            let answered = try reply.decode(DisputeResource.self)
            #expect(answered.evidence?.files.map(\.size) == [2_097_152, 2_097_152, 1_048_574, 1, 1])
            #expect(answered.evidence?.files.last?.name == "reçu n°5.pdf")
        }
    }
}
