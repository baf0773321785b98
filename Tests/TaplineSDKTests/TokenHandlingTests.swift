import Foundation
import GatewayAPI
@testable import TaplineSDK
import Testing

@Suite("SDK token handling against a live gateway")
struct TokenHandlingTests {
    /// The gateway's default access-token lifetime.
    static let lifetime: TimeInterval = 15 * 60

    @Test func renewsBeforeTheTokenExpiresAndAfterItHas() async throws {
        let gateway = try await LiveGateway.make()
        let clock = TestClock()
        try await gateway.run { environment in
            let client = try await gateway.client(environment, now: clock.read)
            let first = try #require(await client.getAccessToken())
            _ = try await client.getTransactions()
            #expect(client.session.renewals.withLock { $0 } == 0)
            // Inside the leeway: renewed although still valid.
            clock.advance(by: Self.lifetime - SessionManager.renewalLeeway / 2)
            _ = try await client.getTransactions()
            #expect(client.session.renewals.withLock { $0 } == 1)
            let second = try #require(await client.getAccessToken())
            #expect(second != first)
            // Past the new token's expiry.
            clock.advance(by: Self.lifetime + 1)
            #expect(await client.getAccessToken() == nil)
            _ = try await client.getTransactions()
            #expect(client.session.renewals.withLock { $0 } == 2)
        }
    }

    @Test func a401RenewsOnceAndRetries() async throws {
        let gatewayClock = TestClock()
        let gateway = try await LiveGateway.make(now: gatewayClock.read)
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            // The gateway's clock runs ahead: it sees the token as expired, the SDK does not.
            gatewayClock.advance(by: Self.lifetime + 60)
            #expect(await client.getAccessToken() != nil)
            let list = try await client.getTransactions()
            #expect(list.total == 0)
            #expect(client.session.renewals.withLock { $0 } == 1)
        }
    }

    @Test func tenConcurrentCallsWithAnExpiredTokenShareOneRenewal() async throws {
        let gateway = try await LiveGateway.make()
        let clock = TestClock()
        try await gateway.run { environment in
            let client = try await gateway.client(environment, now: clock.read)
            clock.advance(by: Self.lifetime + 1)
            try await Self.tenConcurrentLists(client)
            #expect(client.session.renewals.withLock { $0 } == 1)
        }
    }

    @Test func tenConcurrent401sShareOneRenewal() async throws {
        let gatewayClock = TestClock()
        let gateway = try await LiveGateway.make(now: gatewayClock.read)
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            gatewayClock.advance(by: Self.lifetime + 60)
            try await Self.tenConcurrentLists(client)
            #expect(client.session.renewals.withLock { $0 } == 1)
        }
    }

    @Test func refreshRotatesTheRefreshTokenAndTheOldOneIsRefused() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let store = MemoryTokenStore()
            let client = try await gateway.client(environment, store: store)
            let before = try #require(try store.read(TokenStoreKey.session))
            #expect(try await client.refreshAccessToken())
            let after = try #require(try store.read(TokenStoreKey.session))
            let old = try APIJSON.decoder.decode(StoredSession.self, from: before)
            let new = try APIJSON.decoder.decode(StoredSession.self, from: after)
            #expect(new.refreshToken != old.refreshToken)
            #expect(new.accessToken != old.accessToken)

            let staleStore = MemoryTokenStore()
            try staleStore.write(before, for: TokenStoreKey.session)
            let stale = try await gateway.client(environment, store: staleStore, authenticate: false)
            await #expect {
                try await stale.refreshAccessToken()
            } throws: { error in
                guard case AuthenticationError.invalidCredentials(let problem) = error else { return false }
                return problem.httpStatus == 400 && problem.code == APIErrorCode.invalidGrant.rawValue
            }
        }
    }

    @Test func aFileStoreKeepsPrivateFilesAndANewClientIsAlreadyAuthenticated() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-sdk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("sdk", isDirectory: true)
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let first = try await gateway.client(environment, store: FileTokenStore(directory: directory))
            let deviceId = first.getDeviceId()
            #expect(try Self.mode(of: directory) == 0o700)
            #expect(try Self.mode(of: directory.appendingPathComponent(TokenStoreKey.session)) == 0o600)
            #expect(try Self.mode(of: directory.appendingPathComponent(TokenStoreKey.deviceId)) == 0o600)

            let second = try await gateway.client(environment, store: FileTokenStore(directory: directory), authenticate: false)
            #expect(await second.getAccessToken() != nil)
            #expect(try await second.getTransactions().total == 0)
            #expect(second.getDeviceId() == deviceId)
        }
    }

    @Test func theDeviceIdIsALowercaseUUIDThatStaysWithItsStore() async throws {
        let store = MemoryTokenStore()
        let environment = TaplineEnvironment.local
        let first = TaplineClient(environment: environment, configuration: TaplineConfiguration(tokenStore: store))
        let second = TaplineClient(environment: environment, configuration: TaplineConfiguration(tokenStore: store))
        let other = TaplineClient(environment: environment, configuration: TaplineConfiguration(tokenStore: MemoryTokenStore()))
        let id = first.getDeviceId()
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())
        #expect(first.getDeviceId() == id)
        #expect(second.getDeviceId() == id)
        #expect(other.getDeviceId() != id)
    }

    @Test func theVersionIsTaplines() {
        // The gateway's /health and `tapline --version` show the same constant (VersionTests).
        let client = TaplineClient(environment: .local, configuration: TaplineConfiguration(tokenStore: MemoryTokenStore()))
        #expect(client.getVersion() == TaplineVersion.current)
        #expect(TaplineClient.version == TaplineVersion.current)
    }

    private static func tenConcurrentLists(_ client: TaplineClient) async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { try await client.getTransactions().total } }
            for try await total in group { #expect(total == 0) }
        }
    }

    private static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
