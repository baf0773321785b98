import Logging
import ServiceLifecycle
import UnixSignals

/// Reads the API listener's certificate and key again on SIGHUP, as operators renew a
/// certificate (`systemctl reload`, certbot's deploy hook): new handshakes get the new pair,
/// connections already up keep theirs. A pair that cannot be used is logged and the one in
/// use stays.
struct CertificateReloadService: Service {
    let certificate: ServingCertificate
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            reload()
        }
    }

    func reload() {
        do {
            try certificate.reload()
            logger.notice("reloaded the TLS certificate \(certificate.settings.certificateFile) (SHA-256 \(certificate.fingerprint)): new connections get it")
        } catch {
            logger.error("kept the TLS certificate in use: \(error)")
        }
    }
}
