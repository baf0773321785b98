import Foundation
import InteropSupport

/// scripts/interop/provider_echo_service.py on a loopback port: answers each POST with the
/// request it got, or fails as its `--fault` says.
final class EchoServiceProcess: @unchecked Sendable {
    let port: Int
    private let process: ChildProcess
    private let exited: AsyncStream<Void>

    init(_ pki: ProviderTestPKI, mutual: Bool = true, fault: String = "none", status: Int = 200) throws {
        let peer = try ListeningPeer.start(
            "scripts/interop/provider_echo_service.py",
            arguments: pki.serviceArguments(mutual: mutual) + ["--fault", fault, "--status", "\(status)"], name: "echo service")
        process = peer.process
        exited = peer.exited
        port = peer.port
    }

    var url: String { "https://localhost:\(port)/echo" }

    func stop() async {
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited {}
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
