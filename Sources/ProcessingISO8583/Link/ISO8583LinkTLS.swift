import NIOCore
import NIOSSL

/// TLS on the link's connections (`iso8583s://`): how each new connection gets its TLS
/// context, the name the host's certificate must carry, and an optional pin of that
/// certificate.
///
/// The context is made afresh for each connection, so that certificate files an operator
/// replaced are used by the next connection while the ones signed on stay up. A context
/// that cannot be made fails that connection attempt (logged with the reason); the link
/// retries it as it retries an unreachable host.
public struct ISO8583LinkTLS: Sendable {
    /// The name the host's certificate must be valid for, and the SNI sent. An IP address
    /// is checked against the certificate's IP addresses and is not sent as SNI.
    public var serverName: String
    /// The SHA-256 of the host's leaf certificate (DER), checked after the chain was
    /// validated; nil checks the chain alone.
    public var pinnedCertificateSHA256: [UInt8]?
    /// Makes the context of one new connection: trust roots and, for mutual TLS, the client
    /// certificate chain and key. Its error's description is logged: it must name the
    /// problem and the file, never key material.
    public var makeContext: @Sendable () throws -> NIOSSLContext

    public init(
        serverName: String, pinnedCertificateSHA256: [UInt8]? = nil,
        makeContext: @escaping @Sendable () throws -> NIOSSLContext
    ) {
        self.serverName = serverName
        self.pinnedCertificateSHA256 = pinnedCertificateSHA256
        self.makeContext = makeContext
    }

    /// The handlers that put TLS first on a new connection's pipeline; `done` completes when
    /// its handshake (and pin check) succeeded, or fails with why it did not.
    func handlers(context: NIOSSLContext, timeout: Duration, done: EventLoopPromise<Void>) throws -> [any ChannelHandler] {
        // SNI takes names only; an address is checked against the peer's own address.
        let isAddress = (try? SocketAddress(ipAddress: serverName, port: 0)) != nil
        let client = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : serverName)
        return [client, ISO8583LinkTLSHandshake(pinnedSHA256: pinnedCertificateSHA256, timeout: timeout, done: done)]
    }
}
