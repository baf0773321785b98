import Foundation
import HTTPTypes
import GatewayAPI
import HummingbirdTesting
import NIOCore
import Testing

@Suite("OAuth tokens and authentication")
struct AuthTests {
    private func tokenReply(_ session: TestSession, json: String) async throws -> TestReply {
        try await session.client.execute(uri: APIPath.token, method: .post, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: json)) { response in
            TestReply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
        }
    }

    @Test func clientCredentialsGrantsATokenThatOpensV1() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, APIPath.permissions)
            #expect(reply.status == 200)
            let permissions = try reply.decode(PermissionsResponse.self).permissions
            #expect(permissions.contains("ecommerceSale"))
        }
    }

    @Test func wrongSecretIsInvalidClient() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await tokenReply(session, json: #"{"grant_type":"client_credentials","client_id":"\#(harness.clientId)","client_secret":"nope"}"#)
            #expect(reply.status == 401)
            #expect(reply.error?.code == "invalid_client")
        }
    }

    @Test func formEncodedGrantWorks() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let form = "grant_type=client_credentials&client_id=\(harness.clientId)&client_secret=\(harness.clientSecret)"
            let status = try await session.client.execute(
                uri: APIPath.token, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: form)) { $0.status.code }
            #expect(status == 200)
        }
    }

    @Test func refreshTokensRotateAndReuseRevokesTheFamily() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let first = try await tokenReply(session, json: #"{"grant_type":"client_credentials","client_id":"\#(harness.clientId)","client_secret":"\#(harness.clientSecret)"}"#)
            let original = try first.decode(TokenResponse.self)
            let rotated = try await tokenReply(session, json: #"{"grant_type":"refresh_token","refresh_token":"\#(original.refreshToken)"}"#)
            #expect(rotated.status == 200)
            let second = try rotated.decode(TokenResponse.self)
            #expect(second.refreshToken != original.refreshToken)
            // The old token again: refused, and the family (including the new token) is revoked.
            let reuse = try await tokenReply(session, json: #"{"grant_type":"refresh_token","refresh_token":"\#(original.refreshToken)"}"#)
            #expect(reuse.status == 400)
            #expect(reuse.error?.code == "invalid_grant")
            let afterRevocation = try await tokenReply(session, json: #"{"grant_type":"refresh_token","refresh_token":"\#(second.refreshToken)"}"#)
            #expect(afterRevocation.status == 400)
        }
    }

    @Test(arguments: [
        (#"{"grant_type":"password"}"#, "unsupported_grant_type", "grant_type"),
        (#"{"grant_type":"client_credentials","client_secret":"x"}"#, "invalid_request", "client_id"),
        (#"{"grant_type":"refresh_token"}"#, "invalid_request", "refresh_token"),
        (#"{"client_id":"x"}"#, "invalid_request", "grant_type"),
        ("not json", "invalid_json", "body"),
    ])
    func badTokenRequestsAre400(json: String, code: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await tokenReply(session, json: json)
            #expect(reply.status == 400)
            #expect(reply.error?.code == code)
            #expect(reply.error?.field == field)
        }
    }

    @Test func missingForgedAndExpiredTokensAre401() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let missing = try await session.client.execute(uri: APIPath.transactions, method: .get) { $0.status.code }
            #expect(missing == 401)
            let parts = session.token.split(separator: ".")
            let forged = "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))"
            #expect(try await session.send(.get, APIPath.transactions, token: forged).status == 401)
            #expect(try await session.send(.get, APIPath.transactions, token: "eyJhbGciOiJub25lIn0.e30.").status == 401)
            harness.clock.advance(by: 15 * 60 + 1)
            let expired = try await session.send(.get, APIPath.transactions)
            #expect(expired.status == 401)
            #expect(expired.error?.code == "unauthorized")
        }
    }

    @Test func missingPermissionIs403() async throws {
        let harness = try await GatewayHarness.make(permissions: [.listTransactions])
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
            #expect(reply.status == 403)
            #expect(reply.error?.code == "forbidden")
            #expect(try await session.send(.get, APIPath.transactions).status == 200)
        }
    }

    @Test func correlationIdIsEchoedAndLogged() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, APIPath.transactions, headers: [.init(APIHeader.correlationId)!: "trace-abc-123"])
            #expect(reply.headers[.init(APIHeader.correlationId)!] == "trace-abc-123")
            #expect(harness.logs.all.contains { $0.contains("correlation_id=trace-abc-123") })
        }
    }

    @Test func healthAndOpenAPIArePublic() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let health = try await session.client.execute(uri: APIPath.health, method: .get) { $0.status.code }
            #expect(health == 200)
            let spec = try await session.client.execute(uri: APIPath.openAPI, method: .get) { String(buffer: $0.body) }
            #expect(spec.hasPrefix("openapi: 3.1"))
            #expect(spec.contains("/v1/transactions/{id}/refund"))
        }
    }
}
