@testable import Gateway
import Foundation
import GatewayAPI
import Testing

/// One version, from `TaplineVersion.current`, on every face of Tapline (the SDK's face is
/// in TaplineSDKTests).
@Suite("One version: GET /health, tapline --version and the OpenAPI document")
struct VersionTests {
    @Test func healthAnswersTheVersion() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, APIPath.health)
            #expect(reply.status == 200)
            #expect(try reply.decode(HealthResponse.self) == HealthResponse(status: "ok", version: TaplineVersion.current))
        }
    }

    @Test func taplineVersionPrintsTheVersion() async throws {
        let run = try await TaplineRun.run(["--version"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == TaplineVersion.current + "\n")
    }

    @Test func theOpenAPIDocumentIsOfThisVersion() {
        #expect(OpenAPIDocument.yaml.contains("\ninfo:\n  title: Tapline gateway API\n  version: \(TaplineVersion.current)\n"))
        // The /health example shows the version too; an old one would mislead a reader.
        #expect(OpenAPIDocument.yaml.contains("                status: ok\n                version: \(TaplineVersion.current)\n"))
    }

    @Test func theVersionIsSemantic() {
        let parts = TaplineVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(TaplineVersion.current)")
    }
}
