@testable import Gateway
import Foundation
import GatewayAPI
import HTTPTypes
import Storage
import Testing

/// Every mutating route of the route table, enumerated (not listed by hand): a replay of the
/// same `Idempotency-Key` and body answers what was stored without doing the work again, and
/// a device-bound route refuses an unknown or deactivated device, also on a retry of a key
/// whose first request succeeded (the device is checked before the key: docs/architecture.md).
@Suite("Every mutating route: idempotent replay and the device rule")
struct MutatingRouteTests {
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    @Test func everyMutatingRouteHasAnExample() {
        for key in RouteTable.idempotentKeys {
            #expect(RouteExamples.all[key] != nil, "no example for \(key): add a valid request to RouteExamples")
        }
        let stale = Set(RouteExamples.all.keys).subtracting(RouteTable.idempotentKeys)
        #expect(stale.isEmpty, "examples of no idempotent route: \(stale.sorted())")
    }

    @Test(arguments: RouteTable.idempotentKeys)
    func aReplayAnswersWhatWasStoredWithoutDoingTheWorkAgain(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let make = try #require(RouteExamples.all[key], "no example for \(key)")
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let example = try await make(session)
            let first = try await Self.send(session, route, example, key: "replay-\(key)")
            #expect((200..<300).contains(first.status), "\(key): \(first.text)")
            #expect(first.headers[Self.replayed] == nil)
            let done = try await Self.work(harness)
            // Any write the replay made would carry a later time.
            harness.clock.advance(by: 1)
            let second = try await Self.send(session, route, example, key: "replay-\(key)")
            #expect(second.status == first.status, "\(key): \(second.text)")
            #expect(second.body == (try Self.stored(route, first.body)), "\(key)")
            #expect(second.headers[Self.replayed] == "true", "\(key)")
            #expect(try await Self.work(harness) == done, "\(key): the replay did the work again")
        }
    }

    @Test(arguments: RouteTable.deviceBoundKeys)
    func anUnknownOrDeactivatedDeviceIsRefusedAlsoOnARetry(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let make = try #require(RouteExamples.all[key], "no example for \(key)")
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let example = try await make(session)
            let unknown = try await Self.send(session, route, example, key: "unknown-\(key)", device: "till-unknown")
            #expect(unknown.status == 403, "\(key): \(unknown.text)")
            #expect(unknown.error?.code == APIErrorCode.deviceNotRegistered.rawValue, "\(key)")
            let first = try await Self.send(session, route, example, key: "retry-\(key)")
            #expect((200..<300).contains(first.status), "\(key): \(first.text)")
            let deactivated = try await session.send(.post, APIPath.deactivateTapToPay(TestSession.deviceId))
            #expect(deactivated.status == 200)
            let retry = try await Self.send(session, route, example, key: "retry-\(key)")
            #expect(retry.status == 403, "\(key): \(retry.text)")
            #expect(retry.error?.code == APIErrorCode.tapToPayInactive.rawValue, "\(key)")
        }
    }

    static func send(
        _ session: TestSession, _ route: GatewayRoute, _ example: RouteExample, key: String, device: String = TestSession.deviceId
    ) async throws -> TestReply {
        try await session.send(route.method, example.path, json: example.body, token: example.token,
                               headers: [IdempotencyRouteTests.key: key, TestSession.deviceHeader: device])
    }

    /// What the route keeps for a replay of `body` (the answer, less what it never stores).
    static func stored(_ route: GatewayRoute, _ body: Data) throws -> Data {
        guard case .idempotent(let rule, _) = route.handler, let storing = rule.storing else { return body }
        return try storing(body)
    }

    /// What the gateway did so far, in every table a mutating route writes: payments and
    /// their operations, events, devices, webhook endpoints, batches, settings.
    static func work(_ harness: GatewayHarness) async throws -> String {
        let merchantId = harness.merchantId
        return try await harness.store.read { reader in
            var query = TransactionQuery(merchantId: merchantId)
            query.pageSize = 100
            let payments = try await reader.transactions(query).items.map { "\($0.id) \($0.status) \($0.updatedAt)" }
            let events = try await reader.webhookEvents(WebhookEventQuery(merchantId: merchantId)).total
            let devices = try await reader.devices(merchantId: merchantId).map { "\($0.deviceId) \($0.tapToPayStatus) \($0.updatedAt)" }
            let endpoints = try await reader.webhookEndpoints(merchantId: merchantId).map(\.id)
            let batches = try await reader.batches(merchantId: merchantId).map { "\($0)" }
            let merchant = try await reader.merchant(id: merchantId).map { "\($0.paymentSettings)" } ?? ""
            let disputes = try await reader.disputes(DisputeQuery(merchantId: merchantId, pageSize: 100)).disputes.map { "\($0)" }
            return [payments.joined(separator: ","), "\(events)", devices.joined(separator: ","), endpoints.joined(separator: ","),
                    batches.joined(separator: ","), merchant, disputes.joined(separator: ",")].joined(separator: "\n")
        }
    }
}
