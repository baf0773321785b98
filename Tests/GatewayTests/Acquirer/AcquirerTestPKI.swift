import Foundation
@testable import Gateway
import InteropSupport

/// A throwaway PKI for TLS on the acquirer link (samples/provider_pki.py): a CA, the host's
/// certificate (for 127.0.0.1 and localhost), the gateway's client certificate, and a
/// stranger CA, as PEM files in a temporary folder of its own. Each call makes a new one,
/// so that a test can rotate to certificates the first never had.
struct AcquirerTestPKI: Sendable {
    static var isAvailable: Bool { AcquirerHostProcess.isAvailable && PythonPeer.isAvailable("cryptography") }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("acquirer-pki-\(UUID().uuidString)")
        _ = try PythonPeer.runScript(path: "samples/provider_pki.py", arguments: [directory.path])
    }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    var ca: String { file("ca.pem") }
    var hostCertificate: String { file("service.pem") }
    var hostKey: String { file("service-key.pem") }
    var clientCertificate: String { file("gateway.pem") }
    var clientKey: String { file("gateway-key.pem") }
    var strangerCA: String { file("stranger-ca.pem") }

    /// The host's flags to serve TLS with this PKI's certificate, asking for a client
    /// certificate from `clientCA` (mutual TLS) when given.
    func hostFlags(clientCA: String? = nil) -> [String] {
        ["--tls-cert", hostCertificate, "--tls-key", hostKey] + (clientCA.map { ["--tls-client-ca", $0] } ?? [])
    }

    /// The link's TLS settings trusting this PKI's CA, presenting its client certificate when
    /// `mutual`.
    func linkSettings(mutual: Bool = false, pin: [UInt8]? = nil) -> AcquirerTLSSettings {
        AcquirerTLSSettings(caFile: ca, certificateFile: mutual ? clientCertificate : nil, keyFile: mutual ? clientKey : nil,
                            pinnedCertificateSHA256: pin)
    }

    /// The SHA-256 of a PEM certificate's DER, in lowercase hex (what the host journals),
    /// computed by Python's ssl module, not by the code under test.
    static func fingerprint(_ pemFile: String) throws -> String {
        let script = "import hashlib, ssl, sys; print(hashlib.sha256(ssl.PEM_cert_to_DER_cert(open(sys.argv[1]).read())).hexdigest())"
        let output = try PythonPeer.run(arguments: ["-c", script, pemFile])
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ``fingerprint(_:)`` as bytes, for a pin.
    static func fingerprintBytes(_ pemFile: String) throws -> [UInt8] {
        let hex = Array(try fingerprint(pemFile).utf8)
        return stride(from: 0, to: hex.count, by: 2).compactMap { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
