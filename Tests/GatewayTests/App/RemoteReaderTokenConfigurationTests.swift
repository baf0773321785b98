import Foundation
@testable import Gateway
import Testing
import TestSupport

/// `--reader-tokens remote`: the token service's URL and TLS files, read at start, and every
/// mistake refused in one line that names the setting and the fix.
@Suite("Reader-token configuration: the provider's token service")
struct RemoteReaderTokenConfigurationTests {
    @Test func theServiceAndItsFilesAreTaken() async throws {
        let service = try TokenServiceProcess.pkiOnly()
        let configuration = try ConfigurationOverrides().resolve(environment: service.environment())
        guard case .remote(let settings) = configuration.readerTokens else {
            Issue.record("not remote: \(configuration.readerTokens)")
            return
        }
        #expect(settings.endpoint.url.absoluteString == service.url)
        #expect(settings.endpoint.usesClientCertificate)
        #expect(settings.endpoint.timeout == .seconds(5), "the default")

        var overrides = ConfigurationOverrides()
        overrides.readerTokenServiceTimeout = 2
        overrides.readerTokenService = "https://tokens.psp.example/v1"
        var environment = service.environment(client: nil)
        environment["TAPLINE_READER_TOKEN_SERVICE_TIMEOUT"] = "9"
        guard case .remote(let flagged) = try overrides.resolve(environment: environment).readerTokens else {
            Issue.record("not remote")
            return
        }
        #expect(flagged.endpoint.url.absoluteString == "https://tokens.psp.example/v1", "flags win over the environment")
        #expect(flagged.endpoint.timeout == .seconds(2))
        #expect(!flagged.endpoint.usesClientCertificate)
        await service.stop()
    }

    /// Each mistake, a word its message must name, and a word of the fix.
    static let mistakes: [(change: @Sendable (inout [String: String], String) -> Void, names: String, fix: String)] = [
        ({ env, _ in env["TAPLINE_READER_TOKEN_SERVICE"] = nil }, "--reader-token-service URL", "https URL of the provider's token service"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_SERVICE"] = "http://127.0.0.1:9/tokens" }, "--reader-token-service", "must be an https:// URL"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_SERVICE_CERT"] = folder + "/missing.pem" }, "--reader-token-service-cert", "cannot read"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_SERVICE_CERT"] = folder + "/gateway-key.pem" }, "--reader-token-service-cert", "PEM"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_SERVICE_KEY"] = folder + "/gateway.pem" }, "--reader-token-service-key", "private key"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_SERVICE_CERT"] = nil }, "--reader-token-service-key needs --reader-token-service-cert", "together"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_SERVICE_KEY"] = nil }, "--reader-token-service-cert needs --reader-token-service-key", "together"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_SERVICE_CA"] = folder + "/missing-ca.pem" }, "--reader-token-service-ca", "certificate authority"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_SERVICE_TIMEOUT"] = "0" }, "TAPLINE_READER_TOKEN_SERVICE_TIMEOUT", "from 1 to 30"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_KEY"] = folder + "/provider.pem" }, "TAPLINE_READER_TOKEN_KEY", "the provider's token service signs"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_CLAIMS"] = "claims.json" }, "TAPLINE_READER_TOKEN_CLAIMS", "remove TAPLINE_READER_TOKEN_CLAIMS"),
        ({ env, _ in env["TAPLINE_READER_TOKENS"] = nil }, "TAPLINE_READER_TOKEN_SERVICE", "add --reader-tokens remote"),
        ({ env, _ in env["TAPLINE_READER_TOKENS"] = "tapline" }, "TAPLINE_READER_TOKEN_SERVICE", "add --reader-tokens remote"),
        ({ env, _ in env["TAPLINE_READER_TOKENS"] = "signed" }, "TAPLINE_READER_TOKEN_SERVICE", "add --reader-tokens remote"),
        ({ env, _ in env["TAPLINE_READER_TOKENS"] = "provider" }, "TAPLINE_READER_TOKENS", "tapline, signed or remote"),
    ]

    @Test(arguments: mistakes.indices)
    func aMistakeStopsTheStartInOneLineNamingTheSetting(_ index: Int) async throws {
        let service = try TokenServiceProcess.pkiOnly()
        var environment = service.environment()
        Self.mistakes[index].change(&environment, URL(fileURLWithPath: service.path("ca.pem")).deletingLastPathComponent().path)
        let message = try #require(ReaderTokenConfigurationTests.refusal(environment))
        #expect(message.contains(Self.mistakes[index].names), "\(message)")
        #expect(message.contains(Self.mistakes[index].fix), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
        #expect(!message.contains("BEGIN"), "never a key or certificate")
        await service.stop()
    }

    @Test func theRealServeStopsAtStartWithOneLine() async throws {
        let workingFolder = try TaplineRun.emptyFolder()
        defer { try? FileManager.default.removeItem(at: workingFolder) }
        let run = try await TaplineRun.run(
            ["serve", "--port", "0", "--reader-tokens", "remote", "--reader-token-service", "http://127.0.0.1:8443/tokens", "--log-level", "critical"],
            in: workingFolder, limit: .seconds(30))
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(run.standardError)")
        #expect(lines.first?.hasPrefix("Error: --reader-token-service must be an https:// URL") == true, "\(run.standardError)")
        #expect(TaplineRun.contents(of: workingFolder).isEmpty, "no database or keys were made")
    }
}
