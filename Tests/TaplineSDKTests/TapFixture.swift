import Foundation
import GatewayAPI
@testable import TaplineSDK
import Testing

/// A live gateway, an SDK client with a simulated reader, Tap to Pay activated and prepared.
struct TapFixture: Sendable {
    let gateway: LiveGateway
    let client: TaplineClient
    let reader: SimulatedCardReader

    /// Runs `body` with a prepared client whose reader serves `customer`.
    static func run<T: Sendable>(customer: SimulatedCustomer = SimulatedCustomer(), pace: SimulatedCardReader.Pace = .immediate,
                                 gateway: LiveGateway? = nil,
                                 _ body: @escaping @Sendable (TapFixture) async throws -> T) async throws -> T {
        let gateway = if let gateway { gateway } else { try await LiveGateway.make() }
        return try await gateway.run { environment in
            let reader = SimulatedCardReader(customer: customer, pace: pace)
            let client = try await gateway.client(environment, reader: reader)
            try await client.ttp.activate()
            try await client.ttp.prepare()
            return try await body(TapFixture(gateway: gateway, client: client, reader: reader))
        }
    }
}

/// Collects a stream's elements up to a marker sent after the action, so a test reads exactly
/// the events an action caused, with no waiting (they are already buffered).
struct EventLog {
    static let end = TTPEvent.customEvent(.unknownEvent("end-of-test"))

    static func events(of ttp: TapToPay, during action: () async throws -> Void) async rethrows -> [TTPEvent] {
        let stream = ttp.events.stream()
        try await action()
        ttp.events.send(end)
        var collected: [TTPEvent] = []
        for await event in stream {
            if event == end { break }
            collected.append(event)
        }
        return collected
    }
}
