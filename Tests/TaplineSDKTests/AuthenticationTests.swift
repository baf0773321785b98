import Foundation
import GatewayAPI
import TaplineSDK
import Testing

@Suite("SDK authentication against a live gateway")
struct AuthenticationTests {
    @Test func authenticateStoresATokenThatGetAccessTokenReturns() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let store = MemoryTokenStore()
            let client = try await gateway.client(environment, store: store)
            let token = try #require(await client.getAccessToken())
            #expect(token.split(separator: ".").count == 3)
            #expect(try store.read("session") != nil)
            client.clearStoredToken()
            #expect(await client.getAccessToken() == nil)
            #expect(try store.read("session") == nil)
        }
    }

    @Test func wrongSecretIsInvalidCredentialsWithTheGatewaysCode() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment, authenticate: false)
            await #expect {
                try await client.authenticate(clientId: gateway.clientId, clientSecret: "wrong")
            } throws: { error in
                guard case AuthenticationError.invalidCredentials(let problem) = error else { return false }
                return problem.httpStatus == 401 && problem.code == APIErrorCode.invalidClient.rawValue
            }
        }
    }
}
