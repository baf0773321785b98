import Foundation
import Gateway
import GatewayAPI
import Testing

/// `/ready` reads the database too: a gateway that cannot read its data answers 503 with
/// the reason, and is ready again as soon as the database is back.
@Suite("Readiness checks the database, and says when the gateway is stopping")
struct ReadinessDatabaseTests {
    @Test func aStoreThatCannotBeReadMakesTheGatewayNotReadyWithTheReason() async throws {
        let store = DatabaseUnavailableTests.FlakyStore()
        let harness = try await GatewayHarness.make(store: store)
        try await harness.test { session in
            let ready = try await session.send(.get, APIPath.ready)
            #expect(ready.status == 200)
            #expect(try ready.decode(ReadinessResponse.self) == ReadinessResponse(ready: true))
            #expect(try ready.decode(ReadinessResponse.self).database == "readable")

            store.down.withLock { $0 = true }
            let down = try await session.send(.get, APIPath.ready)
            #expect(down.status == 503)
            let answer = try down.decode(ReadinessResponse.self)
            #expect(answer.status == "not_ready")
            #expect(answer.processor == "reachable")
            #expect(answer.database == "unreadable")
            #expect(answer.reason == "the database cannot be read")
            #expect(!down.text.contains("connection refused"), "the store's own words go to the log, not to a public endpoint")

            store.down.withLock { $0 = false }
            #expect(try await session.send(.get, APIPath.ready).status == 200)
        }
        #expect(harness.logs.all.contains { $0.contains("readiness: the database cannot be read") && $0.contains("connection refused") })
    }

    /// Once the stop begins, a load balancer's probe on a kept connection is told to go away.
    @Test func aStoppingGatewayIsNotReady() async throws {
        let drain = GatewayDrain()
        let harness = try await GatewayHarness.make(drain: drain)
        try await harness.test { session in
            #expect(try await session.send(.get, APIPath.ready).status == 200)
            #expect(drain.begin() == 0, "no request is in flight between two")
            let stopping = try await session.send(.get, APIPath.ready)
            #expect(stopping.status == 503)
            let answer = try stopping.decode(ReadinessResponse.self)
            #expect(answer.status == "not_ready" && answer.reason == "the gateway is stopping")
            #expect(drain.finishedWhileDraining == 1 && drain.inFlight == 0)
        }
    }

    @Test func aNotReadyProcessorIsTheReasonWhenTheDatabaseIsFine() {
        let answer = ReadinessResponse(ready: false)
        #expect(answer.status == "not_ready")
        #expect(answer.database == "readable")
        #expect(answer.reason == "no processor can be reached for new payments")
    }
}
