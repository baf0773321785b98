import Foundation

/// scripts/interop/provider_echo_service.py on a loopback port: answers each POST with the
/// request it got, or fails as its `--fault` says.
final class EchoServiceProcess: Sendable {
    let peer: ListeningPeer

    init(_ pki: ProviderTestPKI, mutual: Bool = true, fault: String = "none", status: Int = 200) throws {
        peer = try ListeningPeer.start(
            "scripts/interop/provider_echo_service.py",
            arguments: pki.serviceArguments(mutual: mutual) + ["--fault", fault, "--status", "\(status)"], name: "echo service")
    }

    var url: String { "https://localhost:\(peer.port)/echo" }

    func stop() async { await peer.stop() }

    /// A test that failed before `stop()` still leaves no service behind.
    deinit { kill(peer.process.processIdentifier, SIGKILL) }
}
