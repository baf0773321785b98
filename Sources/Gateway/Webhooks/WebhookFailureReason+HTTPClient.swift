import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL

extension WebhookFailureReason {
    /// The plain words for a failure of the gateway's HTTP client (AsyncHTTPClient over
    /// SwiftNIO), or nil for an error of another kind.
    static func describeHTTPClient(_ error: any Error, timeout: Duration) -> String? {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout: return timedOut(timeout)
            case .connectTimeout, .getConnectionFromPoolTimeout: return "connection timed out"
            case .tlsHandshakeTimeout: return "TLS handshake timed out"
            case .remoteConnectionClosed, .uncleanShutdown: return "connection lost"
            case .cancelled, .requestStreamCancelled: return "cancelled"
            case .invalidURL, .emptyHost, .emptyScheme: return "unsupported URL"
            default:
                return error.description.hasPrefix("HTTPClientError.unsupportedScheme") ? "unsupported URL" : "unreadable HTTP answer"
            }
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first { return describeHTTPClient(failure.error, timeout: timeout) ?? "connection failed" }
            return error.dnsAError != nil || error.dnsAAAAError != nil ? "host not found (DNS)" : "connection failed"
        case let error as IOError:
            return posixReason(error.errnoCode, timeout: timeout)
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return "TLS handshake failed"
        case is ChannelError:
            return "connection lost"
        default:
            return nil
        }
    }
}
