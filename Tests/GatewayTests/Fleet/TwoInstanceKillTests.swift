import Foundation
import GatewayAPI
import PaymentCore
import Testing
import TestSupport

/// Two real `tapline serve` processes on one PostgreSQL schema, sales pouring into both,
/// and one of them SIGKILLed in the middle: every sale a client was told succeeded (2xx) is
/// there, final and whole, through the instance that survived.
@Suite("Two instances: one killed mid-run", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceKillTests {
    /// A sale a client got a 2xx for.
    struct Acknowledged: Sendable {
        let id: String
        let amount: Int64
        let instance: String
    }

    @Test func killingOneInstanceLosesNoAcknowledgedSale() async throws {
        let url = try #require(TwoInstanceFleet.serverURL)
        let schema = PostgresTestSchema(serverURL: url)
        try await schema.create()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keys = directory.appendingPathComponent("keys.json").path
        let processes = Locked<[ServeProcess]>([])
        // Whatever happens below, no process outlives the test (the schema is dropped in the
        // background on failure, and waited for after a run that got to the end).
        var finished = false
        defer {
            for process in processes.withLock({ $0 }) { process.kill() }
            try? FileManager.default.removeItem(at: directory)
            if !finished { schema.drop() }
        }
        // One after the other: the first start makes the keys file and the demo merchant.
        let a = try await ServeProcess.start(name: "a", databaseURL: schema.url, keys: keys, in: directory)
        processes.withLock { $0.append(a) }
        let b = try await ServeProcess.start(name: "b", databaseURL: schema.url, keys: keys, in: directory)
        processes.withLock { $0.append(b) }
        let token = try await Self.token(from: a)

        // Four clients, two per instance, 30 sales each; b is killed once 40 sales succeeded.
        let acknowledged = Locked<[Acknowledged]>([])
        let killedAfter = Locked<Int?>(nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<4 {
                let target = client < 2 ? a : b
                group.addTask {
                    for index in 0..<30 {
                        let amount = Int64(1_000 * (client + 1) + index)
                        guard let (status, body) = try? await target.send("POST", APIPath.sale, json: TestSession.cardBody(amount: amount), token: token),
                              (200..<300).contains(status) else { continue }
                        let sale = try APIJSON.decoder.decode(TransactionResource.self, from: body)
                        let count = acknowledged.withLock { $0.append(Acknowledged(id: sale.id, amount: amount, instance: target.name)); return $0.count }
                        if count == 40, killedAfter.withLock({ $0 == nil }) {
                            killedAfter.withLock { $0 = count }
                            b.kill()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(killedAfter.withLock { $0 } != nil, "b was killed in the middle of the run")
        #expect(b.process.terminationReason == .uncaughtSignal)
        let sales = acknowledged.withLock { $0 }
        #expect(sales.contains { $0.instance == "b" }, "b acknowledged sales before it died")
        #expect(sales.filter { $0.instance == "a" }.count == 60, "a went on serving")
        for sale in sales {
            let (status, body) = try await a.send("GET", APIPath.transaction(sale.id), token: token)
            #expect(status == 200, "\(sale.id) acknowledged by \(sale.instance) is missing")
            guard status == 200 else { continue }
            let found = try APIJSON.decoder.decode(TransactionResource.self, from: body)
            #expect(found.id == sale.id)
            #expect(found.amount == sale.amount)
            #expect(found.status == .captured)
        }
        for process in processes.withLock({ $0 }) { process.kill() }
        try await schema.remove()
        finished = true
    }

    /// An access token from the demo client the first start printed.
    static func token(from instance: ServeProcess) async throws -> String {
        let output = instance.standardOutput
        func value(_ label: String) throws -> String {
            let line = try #require(output.split(separator: "\n").first { $0.contains(label) }, "no '\(label)' in: \(output)")
            return String(line.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        let body = #"{"grant_type":"client_credentials","client_id":"\#(try value("client id:"))","client_secret":"\#(try value("client secret:"))"}"#
        let (status, data) = try await instance.send("POST", APIPath.token, json: body)
        #expect(status == 200)
        return try JSONDecoder().decode(TokenResponse.self, from: data).accessToken
    }
}
