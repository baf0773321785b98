import CardData
import Foundation
@testable import Gateway
import InteropSupport
import Logging
import Storage
import StorageSQLite
import Testing

/// A folder for one remote card-data test: the provider's throwaway PKI (samples/provider_pki.py),
/// the gateway's key file the sample decryption service opens taps with, its journal, and a
/// SQLite database. Starts samples/decryption_service.py and gateways that use it.
struct DecryptionServiceRig {
    let directory: URL
    let keys: GatewayKeys

    /// Whether the sample service can run here (python3 with `cryptography`).
    static var isAvailable: Bool { PythonPeer.isAvailable("cryptography") }

    /// Whether it can also translate PINs here (`--pin-key` needs psec).
    static var translatesPINs: Bool { isAvailable && PythonPeer.isAvailable("psec") }

    static func make() throws -> DecryptionServiceRig {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-decrypt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try PythonPeer.runScript(path: "samples/provider_pki.py", arguments: [directory.path])
        let keys = GatewayKeys.generate()
        try keys.write(to: directory.appendingPathComponent("tapline-keys.json").path)
        return DecryptionServiceRig(directory: directory, keys: keys)
    }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The sample service, asking for a client certificate from the rig's authority. With
    /// `pinKey` (hex) it translates PINs under that key; `leavePINBlock` answers them untranslated.
    func startService(fault: String = "none", pinKey: String? = nil, leavePINBlock: Bool = false) throws -> ListeningPeer {
        var arguments = [
            "--cert", file("service.pem"), "--key", file("service-key.pem"), "--client-ca", file("ca.pem"),
            "--keys", file("tapline-keys.json"), "--journal", file("journal.jsonl"), "--fault", fault,
        ]
        if let pinKey {
            try Data("\(pinKey)\n".utf8).write(to: URL(fileURLWithPath: file("service-pin-key.hex")))
            arguments += ["--pin-key", file("service-pin-key.hex")]
        }
        if leavePINBlock { arguments.append("--leave-pin-block") }
        return try ListeningPeer.start("samples/decryption_service.py", arguments: arguments, name: "decryption service")
    }

    /// The endpoint of the service at `port`: by default the gateway's client certificate and
    /// the rig's authority; `client` nil sends none, "stranger" one from another authority.
    func endpoint(
        port: Int, client: String? = "gateway", ca: String = "ca.pem", timeout: Duration = .seconds(60)
    ) throws -> ProviderServiceEndpoint {
        try ProviderServiceEndpoint(
            url: "https://127.0.0.1:\(port)/decrypt", clientCertificateFile: client.map { file("\($0).pem") },
            clientKeyFile: client.map { file("\($0)-key.pem") }, caFile: file(ca), timeout: timeout, flag: "--card-data-service")
    }

    /// A gateway opening card data through `endpoint`, on the rig's keys, deciphering PINs
    /// under `pinKey` (hex); on SQLite in the rig's folder when `sqlite` is given (the leak
    /// scan reads its files).
    func harness(_ endpoint: ProviderServiceEndpoint, sqlite: String? = nil, pinKey: String? = nil) async throws -> GatewayHarness {
        var configuration = GatewayConfiguration()
        configuration.cardData = .remote(endpoint, pinKey: try pinKey.map { try TripleDESKey(Hex.bytes($0) ?? []) })
        var store: (any Store)?
        if let sqlite { store = try await SQLiteStore.open(path: file(sqlite), logger: Logger(label: "test")) }
        return try await GatewayHarness.make(store: store, keys: keys, configuration: configuration)
    }

    /// The journal's lines, as the service wrote them.
    func journal() throws -> [[String: String]] {
        guard let text = try? String(contentsOfFile: file("journal.jsonl"), encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] ?? [:]
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
