/// TLS on the API listener (`--tls-certificate`, `--tls-key`, `--tls-client-ca`): the
/// certificate chain and key it serves, PEM files read at start and again on SIGHUP
/// (``ServingCertificate``), and the authority client certificates must chain to when
/// clients must present one (mutual TLS).
public struct ListenerTLSSettings: Sendable, Equatable {
    /// PEM certificate chain, leaf first.
    public var certificateFile: String
    /// PEM private key of the leaf.
    public var keyFile: String
    /// PEM certificates a client's certificate must chain to; nil when clients present none.
    public var clientCAFile: String?

    public init(certificateFile: String, keyFile: String, clientCAFile: String? = nil) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.clientCAFile = clientCAFile
    }
}

/// A TLS file of the API listener that cannot be used, and why. It names the file, never its
/// contents.
public struct ListenerTLSFileError: Error, Equatable, CustomStringConvertible {
    public enum File: Sendable, Equatable {
        case certificate, key, clientCA

        /// The setting that names this file.
        var setting: ServerSetting {
            switch self {
            case .certificate: .tlsCertificate
            case .key: .tlsKey
            case .clientCA: .tlsClientCA
            }
        }
    }

    public var file: File
    public var path: String
    public var problem: String

    public var description: String { "the TLS file \(path) (\(file.setting.key)) \(problem)" }
}
