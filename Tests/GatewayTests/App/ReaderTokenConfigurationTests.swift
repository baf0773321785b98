import Foundation
@testable import Gateway
import Testing
import TestSupport

/// `--reader-tokens` and its settings: Tapline's tokens by default, the provider's with
/// `signed`, and every mistake refused at start in one line that names the setting.
@Suite("Reader-token configuration: chosen and checked at start")
struct ReaderTokenConfigurationTests {
    /// The one-line refusal `environment` gets, or nil when it is taken.
    static func refusal(_ environment: [String: String], overrides: ConfigurationOverrides = ConfigurationOverrides()) -> String? {
        do {
            _ = try overrides.resolve(environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func tapsUseTaplinesTokensUnlessToldOtherwise() throws {
        #expect(try ConfigurationOverrides().resolve(environment: [:]).readerTokens == .tapline)
        #expect(try ConfigurationOverrides().resolve(environment: ["TAPLINE_READER_TOKENS": "tapline"]).readerTokens == .tapline)
    }

    @Test(arguments: [ProviderSigningFolder.sec1Key, ProviderSigningFolder.pkcs8Key])
    func aSEC1OrPKCS8KeyIsTaken(_ key: String) throws {
        let folder = try ProviderSigningFolder.make(key: key)
        defer { folder.remove() }
        let configuration = try ConfigurationOverrides().resolve(environment: folder.environment())
        guard case .signed(let settings) = configuration.readerTokens else {
            Issue.record("not signed: \(configuration.readerTokens)")
            return
        }
        #expect(settings.keyId == "provider-key-1")
        #expect(settings.issuer == "psp.example")
        #expect(settings.claims.needsMerchantIdentifier)
    }

    @Test func flagsWinOverTheEnvironment() throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        var overrides = ConfigurationOverrides()
        overrides.readerTokenKeyId = "from-the-flag"
        let configuration = try overrides.resolve(environment: folder.environment())
        guard case .signed(let settings) = configuration.readerTokens else {
            Issue.record("not signed")
            return
        }
        #expect(settings.keyId == "from-the-flag")
    }

    /// Each mistake, the setting its message must name, and a word of the fix.
    static let mistakes: [(change: @Sendable (inout [String: String], ProviderSigningFolder) -> Void, names: String, fix: String)] = [
        ({ env, _ in env["TAPLINE_READER_TOKENS"] = "apple" }, "TAPLINE_READER_TOKENS", "tapline, signed or remote"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_KEY"] = nil }, "--reader-token-key", "openssl ecparam"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_KEY"] = folder.url.appendingPathComponent("missing.pem").path },
         "TAPLINE_READER_TOKEN_KEY", "cannot read"),
        ({ env, folder in env["TAPLINE_READER_TOKEN_KEY"] = folder.claimsPath }, "TAPLINE_READER_TOKEN_KEY", "P-256 private key in PEM"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_KEY_ID"] = nil }, "--reader-token-key-id", "kid"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_KEY_ID"] = "" }, "--reader-token-key-id", "kid"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_CLAIMS"] = nil }, "--reader-token-claims", "template"),
        ({ env, _ in env["TAPLINE_READER_TOKEN_ISSUER"] = nil }, "--reader-token-issuer", "{{issuer}}"),
        ({ env, _ in env["TAPLINE_READER_TOKENS"] = "tapline" }, "TAPLINE_READER_TOKEN", "--reader-tokens signed"),
    ]

    @Test(arguments: mistakes.indices)
    func aMistakeStopsTheStartInOneLineNamingTheSetting(_ index: Int) throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        var environment = folder.environment()
        Self.mistakes[index].change(&environment, folder)
        let message = try #require(Self.refusal(environment))
        #expect(message.contains(Self.mistakes[index].names), "\(message)")
        #expect(message.contains(Self.mistakes[index].fix), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
        #expect(!message.contains("MHcCAQEE"), "never the key")
    }

    @Test func aKeyOfAnotherCurveIsRefused() throws {
        let folder = try ProviderSigningFolder.make(key: ProviderSigningFolder.p384Key)
        defer { folder.remove() }
        let message = try #require(Self.refusal(folder.environment()))
        #expect(message.contains("holds no P-256 private key"), "\(message)")
    }

    @Test(arguments: [
        (#"["not", "an", "object"]"#, "is not a JSON object"),
        (#"{"sub": "{{deviceId}}""#, "is not a JSON object"),
        (#"{"sub": null}"#, "is not a JSON object"),
        (#"{"sub": "{{deviceID}}"}"#, "unknown placeholder {{deviceID}}"),
        (#"{"nested": {"deep": ["{{merchantName}}"]}}"#, "unknown placeholder {{merchantName}}"),
    ])
    func aBadTemplateIsRefused(_ claims: String, _ problem: String) throws {
        let folder = try ProviderSigningFolder.make(claims: claims)
        defer { folder.remove() }
        let message = try #require(Self.refusal(folder.environment()))
        #expect(message.contains("TAPLINE_READER_TOKEN_CLAIMS"), "\(message)")
        #expect(message.contains(problem), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
    }

    @Test func theRealServeStopsAtStartWithOneLine() async throws {
        let folder = try ProviderSigningFolder.make()
        defer { folder.remove() }
        let workingFolder = try TaplineRun.emptyFolder()
        defer { try? FileManager.default.removeItem(at: workingFolder) }
        let run = try await TaplineRun.run(
            ["serve", "--port", "0", "--reader-tokens", "signed", "--reader-token-key", folder.url.appendingPathComponent("none.pem").path,
             "--reader-token-key-id", "k1", "--reader-token-issuer", "psp.example", "--reader-token-claims", folder.claimsPath,
             "--log-level", "critical"],
            in: workingFolder, limit: .seconds(30))
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(run.standardError)")
        #expect(lines.first?.hasPrefix("Error: cannot read the --reader-token-key file") == true, "\(run.standardError)")
        #expect(TaplineRun.contents(of: workingFolder).isEmpty, "no database or keys were made")
    }
}
