import Foundation
@testable import Gateway
import Storage
import Testing

/// A client secret goes on command lines (`tapline demo --client-secret …`): it must never
/// look like an option, and it still authenticates.
@Suite("API client secrets")
struct ClientSecretTests {
    @Test func aSecretNeverStartsWithADashAndStillVerifies() async throws {
        let admin = MerchantAdmin(store: MemoryStore(), now: { Date() }, makeId: { UUID().uuidString.lowercased() })
        let merchant = try await admin.createMerchant(name: "Shop")
        for _ in 0..<200 {
            let created = try await admin.createClient(merchantId: merchant.id, name: "pos")
            #expect(created.secret.hasPrefix("tls_"))
            #expect(created.secret.count == 4 + 43)
            #expect(SecretHasher.verify(secret: created.secret, against: created.client.secretHash))
        }
    }
}
