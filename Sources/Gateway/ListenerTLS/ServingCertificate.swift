import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL

/// The certificate chain and key the API listener serves. Read at start; ``reload()`` reads
/// the files again (on SIGHUP), and every handshake from then on gets the new pair through
/// the TLS context's callback, while connections already up keep theirs: nothing is dropped.
/// A reload that fails keeps the pair in use.
public final class ServingCertificate: Sendable {
    private struct Pair: Sendable {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
    }

    public let settings: ListenerTLSSettings
    private let current: NIOLockedValueBox<Pair>
    private let clientRoots: [NIOSSLCertificate]?

    /// Reads the files, checking each.
    /// - Throws: ``ListenerTLSFileError`` naming the file and what is wrong with it.
    public init(_ settings: ListenerTLSSettings) throws(ListenerTLSFileError) {
        self.settings = settings
        current = NIOLockedValueBox(try Self.read(settings))
        clientRoots = try settings.clientCAFile.map { path throws(ListenerTLSFileError) in
            guard let roots = try? NIOSSLCertificate.fromPEMFile(path), !roots.isEmpty else {
                throw ListenerTLSFileError(file: .clientCA, path: path, problem: "cannot be read as PEM certificates")
            }
            return roots
        }
    }

    /// Reads the certificate and key files again; new handshakes use them.
    public func reload() throws(ListenerTLSFileError) {
        let pair = try Self.read(settings)
        current.withLockedValue { $0 = pair }
    }

    /// The leaf certificate served now, SHA-256 of its DER in hex: what a reload's log line names.
    public var fingerprint: String {
        current.withLockedValue { pair in
            guard let der = try? pair.chain.first?.toDERBytes() else { return "" }
            return Data(SHA256.hash(data: der)).hexString
        }
    }

    /// The server's TLS configuration: TLS 1.2 or later, the current pair on every handshake,
    /// and client certificates required when a client CA is set.
    public func serverConfiguration() -> TLSConfiguration {
        let pair = current.withLockedValue { $0 }
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: pair.chain.map { .certificate($0) }, privateKey: .privateKey(pair.key))
        tls.minimumTLSVersion = .tlsv12
        if let clientRoots {
            tls.trustRoots = .certificates(clientRoots)
            // A server that verifies asks for a client certificate and refuses a handshake
            // without one; clients have no host name to check.
            tls.certificateVerification = .noHostnameVerification
        }
        tls.sslContextCallback = { [current] _, promise in
            let pair = current.withLockedValue { $0 }
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = pair.chain.map { .certificate($0) }
            override.privateKey = .privateKey(pair.key)
            promise.succeed(override)
        }
        return tls
    }

    private static func read(_ settings: ListenerTLSSettings) throws(ListenerTLSFileError) -> Pair {
        let certificateFile = settings.certificateFile, keyFile = settings.keyFile
        guard FileManager.default.isReadableFile(atPath: certificateFile) else {
            throw ListenerTLSFileError(file: .certificate, path: certificateFile, problem: "cannot be read (missing, or no permission)")
        }
        guard let chain = try? NIOSSLCertificate.fromPEMFile(certificateFile), let leaf = chain.first else {
            throw ListenerTLSFileError(file: .certificate, path: certificateFile, problem: "is not a PEM certificate chain")
        }
        guard FileManager.default.isReadableFile(atPath: keyFile) else {
            throw ListenerTLSFileError(file: .key, path: keyFile, problem: "cannot be read (missing, or no permission)")
        }
        guard let key = try? NIOSSLPrivateKey(file: keyFile, format: .pem) else {
            throw ListenerTLSFileError(file: .key, path: keyFile, problem: "is not a PEM private key (an encrypted key is not read)")
        }
        // Checked before any context is made: one made from a mismatched pair crashed
        // swift-nio-ssl (see ProviderKeyPair).
        guard ProviderKeyPair.matches(leaf, keyFile: keyFile) != false else {
            throw ListenerTLSFileError(file: .key, path: keyFile, problem: "is not the key of the certificate \(certificateFile)")
        }
        return Pair(chain: chain, key: key)
    }
}
