import CardData
import Foundation
import Gateway
import GatewayAPI
import InteropSupport
@testable import TaplineSDK
import Testing
import TestSupport

/// Tap to Pay end to end with `--reader-tokens remote`: the SDK prepares its reader with the
/// token the gateway fetched from the provider's sample token service (a real process, mutual
/// TLS), takes a tap, and the single tap and PIN's PIN token comes from the service too.
@Suite("Tap to Pay with reader tokens from the provider's token service")
struct RemoteReaderTokenTapTests {
    /// `samples/token_service.py` with a throwaway PKI, and the settings pointing a gateway at it.
    final class Service: @unchecked Sendable {
        let directory: URL
        let process: ChildProcess
        let environment: [String: String]

        init() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("token-service-\(UUID().uuidString)")
            self.directory = directory
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = { (name: String) in directory.appendingPathComponent(name).path }
            _ = try PythonPeer.runScript("samples/provider_pki.py", arguments: [directory.path])
            try Data(ProviderSigningFolder.sec1Key.utf8).write(to: URL(fileURLWithPath: file("provider.pem")))
            let output = Pipe()
            process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", PythonPeer.repositoryRoot.appendingPathComponent("samples/token_service.py").path,
                "--cert", file("service.pem"), "--key", file("service-key.pem"), "--client-ca", file("ca.pem"),
                "--signing-key", file("provider.pem"), "--key-id", "provider-key-1", "--issuer", "psp.example",
                "--journal", file("journal.jsonl"),
            ]
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            // The service prints one line once it listens; reading it is the wait.
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
                line.append(first)
            }
            let port = String(decoding: line, as: UTF8.self).replacingOccurrences(of: "listening on ", with: "")
            environment = [
                "TAPLINE_READER_TOKENS": "remote", "TAPLINE_READER_TOKEN_SERVICE": "https://127.0.0.1:\(port)/reader-tokens",
                "TAPLINE_READER_TOKEN_SERVICE_CERT": file("gateway.pem"), "TAPLINE_READER_TOKEN_SERVICE_KEY": file("gateway-key.pem"),
                "TAPLINE_READER_TOKEN_SERVICE_CA": file("ca.pem"),
            ]
        }

        var signingKeyPath: String { directory.appendingPathComponent("provider.pem").path }

        /// The kinds of token the service issued, in order.
        func issuedKinds() -> [String] {
            let text = (try? String(contentsOfFile: directory.appendingPathComponent("journal.jsonl").path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["kind"] as? String
            }
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func gateway(_ service: Service) async throws -> LiveGateway {
        let gateway = try await LiveGateway.make(configuration: try ConfigurationOverrides().resolve(environment: service.environment))
        _ = try await gateway.services.admin.updatePaymentSettings(
            merchantId: gateway.merchantId, UpdatePaymentSettingsRequest(appleMerchantIdentifier: .some("merchant.com.example.sdk")))
        return gateway
    }

    @Test(.enabled(if: PythonPeer.isAvailable("joserfc")))
    func aTapIsPaidAndItsPINTokenComesFromTheService() async throws {
        let service = try Service()
        let customer = SimulatedCustomer(card: TestCards.pinRequired.pan, pinEntries: ["1234"])
        try await TapFixture.run(customer: customer, gateway: try await Self.gateway(service)) { fixture in
            let token = try #require(fixture.client.ttp.state.withLock { $0.readerToken })
            let output = try PythonPeer.runScript("scripts/interop/jwt_peer.py", arguments: ["verify", service.signingKeyPath, token.token])
            let reader = try JSONDecoder().decode([String: [String: JSONValue]].self, from: output)
            #expect(reader["claims"]?["merchantIdentifier"] == .string("merchant.com.example.sdk"))
            #expect(reader["claims"]?["sub"] == token.deviceId.map { JSONValue.string($0) })

            let result = try await fixture.client.ttp.performTransaction(amount: 40.00)
            #expect(result.status == .approved)
            #expect(result.cvmAction == "onlinePIN")
            let stored = try #require(try await fixture.gateway.store.read {
                try await $0.transaction(id: result.transactionId!, merchantId: fixture.gateway.merchantId)
            })
            #expect(stored.status == .captured)
            let challenge = try #require(stored.pinChallenge, "the payment was asked for a PIN")
            let pin = try PythonPeer.runScript("scripts/interop/jwt_peer.py", arguments: ["verify", service.signingKeyPath, challenge.token])
            let claims = try JSONDecoder().decode([String: [String: JSONValue]].self, from: pin)["claims"]
            #expect(claims?["pid"] == .string(stored.id))
            #expect(service.issuedKinds() == ["reader", "pin"])
        }
    }
}
