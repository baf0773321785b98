import Foundation
import InteropSupport
import TestSupport

/// `samples/token_service.py`, the provider's sample reader-token service, on a loopback port
/// for one test, with a throwaway PKI from `samples/provider_pki.py` and the provider's
/// signing key (``ProviderSigningFolder/sec1Key``), made once for the test run and shared (so
/// parallel tests do not start a burst of Python processes), and a journal of its own. Made
/// with ``pkiOnly()`` it never starts: its URL then names a port nothing listens on.
final class TokenServiceProcess: @unchecked Sendable {
    let directory: URL
    let port: Int
    private let process: ChildProcess?
    private let exited: AsyncStream<Void>?
    /// Holds the port of a service that was never started, so nothing else takes it.
    private let heldPort: LoopbackPort?

    var url: String { "https://127.0.0.1:\(port)/reader-tokens" }
    var signingKeyPath: String { path("provider.pem") }
    var journalPath: String { directory.appendingPathComponent("journal.jsonl").path }

    /// A file of the shared PKI: `ca.pem`, `service.pem`, `gateway-key.pem`, `provider.pem`, ….
    func path(_ name: String) -> String { Self.pkiFolder.appendingPathComponent(name).path }

    /// The PKI and signing key every test shares; they are only read.
    private static let pki = Result<URL, any Error> {
        let folder = try ProviderTestPKI.shared().directory
        try Data(ProviderSigningFolder.sec1Key.utf8).write(to: folder.appendingPathComponent("provider.pem"))
        return folder
    }
    private static var pkiFolder: URL { (try? pki.get()) ?? FileManager.default.temporaryDirectory }

    /// Starts the service with `fault`; it asks for the gateway's client certificate unless
    /// `mutualTLS` is false.
    static func start(fault: String = "none", mutualTLS: Bool = true) throws -> TokenServiceProcess {
        let directory = try makeFolder()
        let file = { (name: String) in pkiFolder.appendingPathComponent(name).path }
        var arguments = [
            "--cert", file("service.pem"), "--key", file("service-key.pem"), "--fault", fault,
            "--journal", directory.appendingPathComponent("journal.jsonl").path,
            "--signing-key", file("provider.pem"), "--key-id", "provider-key-1", "--issuer", "psp.example",
        ]
        if mutualTLS { arguments += ["--client-ca", file("ca.pem")] }
        let peer = try ListeningPeer.start("samples/token_service.py", arguments: arguments, name: "token service")
        return TokenServiceProcess(directory: directory, port: peer.port, process: peer.process, exited: peer.exited, heldPort: nil)
    }

    /// The certificates and key of a service that is down: nothing listens on its port.
    static func pkiOnly() throws -> TokenServiceProcess {
        let held = try LoopbackPort()
        return TokenServiceProcess(directory: try makeFolder(), port: held.port, process: nil, exited: nil, heldPort: held)
    }

    private init(directory: URL, port: Int, process: ChildProcess?, exited: AsyncStream<Void>?, heldPort: LoopbackPort?) {
        self.directory = directory
        self.port = port
        self.process = process
        self.exited = exited
        self.heldPort = heldPort
    }

    /// This test's own folder (the journal), once the shared PKI is made.
    private static func makeFolder() throws -> URL {
        _ = try pki.get()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("token-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The settings that point `tapline serve` at this service: the gateway's client
    /// certificate `client` (`gateway`, `stranger`, or nil for none) and the service's CA
    /// unless `trustService` is false.
    func environment(client: String? = "gateway", trustService: Bool = true, timeout: Int? = nil) -> [String: String] {
        var environment = ["TAPLINE_READER_TOKENS": "remote", "TAPLINE_READER_TOKEN_SERVICE": url]
        if let client {
            environment["TAPLINE_READER_TOKEN_SERVICE_CERT"] = path("\(client).pem")
            environment["TAPLINE_READER_TOKEN_SERVICE_KEY"] = path("\(client)-key.pem")
        }
        if trustService { environment["TAPLINE_READER_TOKEN_SERVICE_CA"] = path("ca.pem") }
        if let timeout { environment["TAPLINE_READER_TOKEN_SERVICE_TIMEOUT"] = String(timeout) }
        return environment
    }

    /// What the service recorded, one entry per token it issued.
    func journal() throws -> [[String: String?]] {
        guard let text = try? String(contentsOfFile: journalPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode([String: String?].self, from: Data($0.utf8)) }
    }

    func stop() async {
        if let process, let exited {
            kill(process.processIdentifier, SIGKILL)
            for await _ in exited {}
        }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }
}
