import Foundation
import NIOSSL

/// TLS on the acquirer link (`--processor iso8583s://host:port`): which certificate
/// authority the host's certificate must chain to, the gateway's client certificate for
/// mutual TLS, and an optional pin of the host's certificate. The name checked is the URL's
/// host.
///
/// The files are read at start (a bad one stops it) and again for each new connection
/// (``makeContext()``), so replaced files are used without restarting or dropping the
/// connections that are up.
public struct AcquirerTLSSettings: Sendable, Equatable {
    /// PEM certificates the host's certificate must chain to; the system's roots when nil.
    public var caFile: String?
    /// PEM certificate chain the gateway presents (mutual TLS), leaf first; with ``keyFile``.
    public var certificateFile: String?
    /// PEM private key of ``certificateFile``'s leaf.
    public var keyFile: String?
    /// SHA-256 of the host's leaf certificate (DER), checked besides the chain.
    public var pinnedCertificateSHA256: [UInt8]?

    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil,
                pinnedCertificateSHA256: [UInt8]? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.pinnedCertificateSHA256 = pinnedCertificateSHA256
    }

    /// The client TLS context of one connection, from the files as they are now.
    /// - Throws: ``AcquirerTLSFileError`` naming the file and what is wrong with it.
    public func makeContext() throws(AcquirerTLSFileError) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        if let caFile {
            guard let roots = try? NIOSSLCertificate.fromPEMFile(caFile), !roots.isEmpty else {
                throw AcquirerTLSFileError(file: .ca, path: caFile, problem: "cannot be read as PEM certificates")
            }
            tls.trustRoots = .certificates(roots)
        }
        switch (certificateFile, keyFile) {
        case (nil, nil):
            break
        case (let certificateFile?, let keyFile?):
            guard let chain = try? NIOSSLCertificate.fromPEMFile(certificateFile), let leaf = chain.first else {
                throw AcquirerTLSFileError(file: .certificate, path: certificateFile, problem: "cannot be read as a PEM certificate chain")
            }
            guard let key = try? NIOSSLPrivateKey(file: keyFile, format: .pem) else {
                throw AcquirerTLSFileError(file: .key, path: keyFile, problem: "cannot be read as a PEM private key")
            }
            // Checked before the context is made: one made from a mismatched pair crashed
            // swift-nio-ssl (see ProviderKeyPair).
            guard ProviderKeyPair.matches(leaf, keyFile: keyFile) != false else {
                throw AcquirerTLSFileError(file: .key, path: keyFile, problem: "is not the key of the client certificate \(certificateFile)")
            }
            tls.certificateChain = chain.map { .certificate($0) }
            tls.privateKey = .privateKey(key)
        case (nil, let keyFile?):
            throw AcquirerTLSFileError(file: .key, path: keyFile, problem: "needs the client certificate it belongs to")
        case (let certificateFile?, nil):
            throw AcquirerTLSFileError(file: .certificate, path: certificateFile, problem: "needs its private key")
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw AcquirerTLSFileError(file: certificateFile == nil ? .ca : .certificate,
                                       path: certificateFile ?? caFile ?? "", problem: "was refused by the TLS library (\(error))")
        }
    }
}

/// A TLS file of the acquirer link that cannot be used, and why. It names the file, never
/// its contents.
public struct AcquirerTLSFileError: Error, Equatable, CustomStringConvertible {
    public enum File: Sendable, Equatable {
        case ca, certificate, key
    }

    public var file: File
    public var path: String
    public var problem: String

    public var description: String {
        let what = switch file {
        case .ca: "the acquirer CA file"
        case .certificate: "the acquirer client certificate file"
        case .key: "the acquirer client key file"
        }
        return "\(what) \(path) \(problem)"
    }
}
