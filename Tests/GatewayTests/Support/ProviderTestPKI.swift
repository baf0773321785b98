import Foundation
import InteropSupport

/// A throwaway PKI (samples/provider_pki.py): a CA, the service's certificate, the gateway's
/// client certificate and a stranger's, as PEM files in a temporary folder. Made once for the
/// test run (``shared()``) and only read, so parallel tests do not each start a Python run.
struct ProviderTestPKI: Sendable {
    let directory: URL

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pki-\(UUID().uuidString)")
        _ = try PythonPeer.runScript(path: "samples/provider_pki.py", arguments: [directory.path])
    }

    private static let made = Result { try ProviderTestPKI() }

    /// The run's PKI, made on first use.
    static func shared() throws -> ProviderTestPKI { try made.get() }

    /// Another PKI, with its own authority: a renewed certificate the first one's clients refuse.
    static func another() throws -> ProviderTestPKI { try ProviderTestPKI() }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    var ca: String { file("ca.pem") }
    var serviceCertificate: String { file("service.pem") }
    var serviceKey: String { file("service-key.pem") }
    var gatewayCertificate: String { file("gateway.pem") }
    var gatewayKey: String { file("gateway-key.pem") }
    var strangerCertificate: String { file("stranger.pem") }
    var strangerKey: String { file("stranger-key.pem") }
    var strangerCA: String { file("stranger-ca.pem") }

    /// The arguments that make a sample service serve with this PKI's certificate, asking for
    /// a client certificate from its CA when `mutual`.
    func serviceArguments(mutual: Bool) -> [String] {
        ["--port", "0", "--cert", serviceCertificate, "--key", serviceKey] + (mutual ? ["--client-ca", ca] : [])
    }
}
