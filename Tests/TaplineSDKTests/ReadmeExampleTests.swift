import Foundation
import InteropSupport
import PaymentCore
import TaplineSDK
import Testing

@Suite("The README's SDK example")
struct ReadmeExampleTests {
    /// The README's Swift block is `Examples/ReadmeSDK/main.swift` word for word, which the
    /// package builds (so a broken example fails the build) and scripts/smoke.sh runs twice.
    @Test func theReadmeBlockIsTheExampleTheSmokeScriptRuns() throws {
        let root = PythonPeer.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/ReadmeSDK/main.swift"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Use the SDK"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == example)
    }

    /// The example's steps, line for line, run twice as a newcomer runs the program twice:
    /// the same token store (so the same device, already active at the gateway) and a new
    /// reader each time (a new process knows of no linked account).
    @Test func theExampleRunsTwiceAsWritten() async throws {
        let gateway = try await LiveGateway.make()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await gateway.run { environment in
            for run in 1...2 {
                let tapline = TaplineClient(
                    environment: TaplineEnvironment(url: environment.baseURL.absoluteString)!,
                    configuration: TaplineConfiguration(tokenStore: FileTokenStore(directory: folder), cardReader: SimulatedCardReader()))
                try await tapline.authenticate(clientId: gateway.clientId, clientSecret: gateway.clientSecret)

                if try await tapline.ttp.getStatus() != .active { try await tapline.ttp.activate() }
                try await tapline.ttp.prepare()
                let result = try await tapline.ttp.performTransaction(amount: 49.99)
                #expect(result.status == .approved, "run \(run)")
                #expect(result.maskedCardNumber == "424242******4242")

                let session = TransactionSession(client: tapline)
                let receipt = try await session.startTransaction(amount: 1_250, currency: "USD",
                                                                 metadata: TransactionMetadata(saleReferenceId: "ORDER-42"))
                #expect(receipt.responseCode == .approved, "run \(run)")
                #expect(receipt.panLastFour == "4242")

                let refund = try await tapline.refundTransaction(transactionId: result.transactionId!, amount: 10.00)
                #expect(refund.status == .approved, "run \(run)")
            }
            let devices = try await gateway.store.read { try await $0.devices(merchantId: gateway.merchantId) }
            #expect(devices.count == 1, "both runs are the same device")
        }
    }
}
