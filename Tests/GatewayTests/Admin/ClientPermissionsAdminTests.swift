import Foundation
import Gateway
import GatewayAPI
import Testing

/// An API client made before a feature existed can be given its permissions afterwards; the
/// change reaches the client with its next token.
@Suite("Admin: client permissions")
struct ClientPermissionsAdminTests {
    @Test func anOldClientGetsTheWebhookPermissionOnItsNextToken() async throws {
        let harness = try await GatewayHarness.make(permissions: [.ecommerceSale, .listTransactions])
        try await harness.test { session in
            #expect(try await session.send(.get, APIPath.webhookEndpoints).status == 403)

            let held = try await harness.services.admin.updatePermissions(clientId: harness.clientId, grant: [.generalConfigurations])
            #expect(held == [.ecommerceSale, .listTransactions, .generalConfigurations])
            #expect(try await session.send(.get, APIPath.webhookEndpoints).status == 403, "the old token keeps what it carried")
            let renewed = try await TestSession.token(session.client, clientId: harness.clientId, secret: harness.clientSecret)
            #expect(try await session.send(.get, APIPath.webhookEndpoints, token: renewed).status == 200)
        }
    }

    @Test func defaultsCanBeGrantedAndPermissionsRevoked() async throws {
        let harness = try await GatewayHarness.make(permissions: [.ecommerceSale, .achHold])
        let admin = harness.services.admin
        let all = try await admin.updatePermissions(clientId: harness.clientId, revoke: [.achHold], grantDefaults: true)
        #expect(Set(all) == Set(APIPermission.defaultGrant))
        let fewer = try await admin.updatePermissions(clientId: harness.clientId, revoke: [.ecommerceRefund, .ecommerceVoid])
        #expect(!fewer.contains(.ecommerceRefund) && !fewer.contains(.ecommerceVoid) && fewer.contains(.ecommerceSale))
        await #expect(throws: AdminError.self) {
            _ = try await admin.updatePermissions(clientId: "tl_missing", grant: [.ecommerceSale])
        }
    }
}
