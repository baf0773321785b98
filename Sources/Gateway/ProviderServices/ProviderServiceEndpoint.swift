import Foundation
import NIOSSL

/// Where one of the payment service provider's services answers (its reader-token service,
/// its card-data decryption service) and how the gateway reaches it: HTTPS only, with the
/// gateway's client certificate when the provider asks for mutual TLS, and the provider's own
/// certificate authority when its certificate is not from a public one.
public struct ProviderServiceEndpoint: Sendable {
    /// The service's https URL; the gateway POSTs JSON to it.
    public var url: URL
    /// The TLS settings each request carries: trust roots and, for mutual TLS, the client
    /// certificate chain and key. Built (and its files read) once, at start.
    var tls: TLSConfiguration
    /// How long one exchange (connect, send, the whole answer) may take.
    public var timeout: Duration
    /// The largest answer body read; a longer one is refused unread.
    public var maxResponseBytes: Int

    /// An endpoint with its TLS files read now, so a missing or wrong file stops the start.
    /// - Parameters:
    ///   - url: must be `https://`.
    ///   - clientCertificateFile: PEM certificate chain for mutual TLS (with `clientKeyFile`).
    ///   - clientKeyFile: PEM private key of that certificate.
    ///   - caFile: PEM certificates the service's certificate must chain to; the system's
    ///     roots when nil.
    ///   - flag: the flag that named the URL, for error messages (`--card-data-service`).
    public init(
        url: String, clientCertificateFile: String? = nil, clientKeyFile: String? = nil, caFile: String? = nil,
        timeout: Duration = .seconds(5), maxResponseBytes: Int = 64 * 1024, flag: String
    ) throws(ConfigurationError) {
        guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "https", let host = parsed.host, !host.isEmpty else {
            throw .invalid("\(flag) must be an https:// URL, not '\(ConfigurationError.redacted(url))': card data and tokens never travel in the clear")
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        switch (clientCertificateFile, clientKeyFile) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            let chain: [NIOSSLCertificate]
            do {
                chain = try NIOSSLCertificate.fromPEMFile(certificate)
            } catch {
                throw .invalid("cannot read \(flag)-cert \(certificate): give the gateway's client certificate chain in PEM")
            }
            tls.certificateChain = chain.map { .certificate($0) }
            guard let leaf = chain.first else {
                throw .invalid("\(flag)-cert \(certificate) holds no PEM certificate: give the gateway's client certificate chain in PEM")
            }
            do {
                tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))
            } catch {
                throw .invalid("cannot read \(flag)-key \(key): give the private key of \(flag)-cert in PEM")
            }
            if ProviderKeyPair.matches(leaf, keyFile: key) == false {
                throw .invalid("\(flag)-key \(key) is not the key of \(flag)-cert \(certificate): give the pair the provider issued")
            }
        case (nil, _?):
            throw .invalid("\(flag)-key needs \(flag)-cert: mutual TLS takes the client certificate and its key together")
        case (_?, nil):
            throw .invalid("\(flag)-cert needs \(flag)-key: mutual TLS takes the client certificate and its key together")
        }
        if let caFile {
            do {
                let roots = try NIOSSLCertificate.fromPEMFile(caFile)
                guard !roots.isEmpty else { throw NIOSSLError.failedToLoadCertificate }
                tls.trustRoots = .certificates(roots)
            } catch {
                throw .invalid("cannot read \(flag)-ca \(caFile): give the certificate authority of the service's certificate in PEM")
            }
        }
        self.url = parsed
        self.tls = tls
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Whether the gateway presents a client certificate (mutual TLS).
    public var usesClientCertificate: Bool { !tls.certificateChain.isEmpty }
}
