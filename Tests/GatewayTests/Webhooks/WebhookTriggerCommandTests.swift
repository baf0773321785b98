import Foundation
import GatewayAPI
import Testing
import TestSupport

/// `tapline webhooks trigger` makes each event type it names by real payments against a real
/// `tapline serve`, and refuses any other type, naming those it can make.
@Suite("tapline webhooks trigger")
struct WebhookTriggerCommandTests {
    /// What trigger cannot make at once: a batch close settles every open payment, ACH
    /// clearing and returns follow a close, an authorization expires after days, and a
    /// reconciliation needs an acquirer link, a dispute comes from the acquirer seconds to days later.
    static let outOfReach: Set<WebhookEventType> = [
        .settled, .cleared, .chargedBack, .expired, .batchReconciled, .disputeCreated, .disputeUpdated, .disputeClosed,
    ]

    /// The types in trigger's refusal of `type`: "… trigger can make a, b, c".
    static func namedInRefusal(_ run: TaplineRun) -> [String] {
        guard let range = run.standardError.range(of: "trigger can make ") else { return [] }
        return run.standardError[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: ", ")
    }

    @Test func anUnknownTypeIsRefusedNamingTheSupportedOnes() async throws {
        let run = try await TaplineRun.run(["webhooks", "trigger", "transaction.bogus"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("unknown event type transaction.bogus"), "\(run.standardError)")
        let supported = WebhookEventType.allCases.filter { !Self.outOfReach.contains($0) }.map(\.rawValue)
        #expect(Self.namedInRefusal(run) == supported, "\(run.standardError)")

        let settled = try await TaplineRun.run(["webhooks", "trigger", "transaction.settled"])
        #expect(settled.status != 0)
        #expect(settled.standardError.contains("cannot make transaction.settled"), "\(settled.standardError)")
        #expect(Self.namedInRefusal(settled) == supported)
    }

    @Test func eachSupportedTypeMakesAnEventOfThatType() async throws {
        let gateway = try await WebhookCLIGateway.start()
        defer { gateway.stop() }
        for type in WebhookEventType.allCases where !Self.outOfReach.contains(type) {
            let run = try await TaplineRun.run(["webhooks", "trigger", type.rawValue], environment: gateway.environment)
            #expect(run.status == 0, "\(type.rawValue): \(run.standardError)")
            // "<type> <event id>: made …, payment <id>"
            let words = run.standardOutput.split(separator: " ")
            #expect(words.first.map(String.init) == type.rawValue, "\(run.standardOutput)")
            let eventId = String(words.dropFirst().first?.dropLast() ?? "")
            let made = try await gateway.events(type: type.rawValue)
            #expect(made.contains { $0.id == eventId }, "\(type.rawValue): \(run.standardOutput)")
        }
    }
}
