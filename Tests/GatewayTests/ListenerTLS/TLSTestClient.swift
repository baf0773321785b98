import AsyncHTTPClient
import NIOCore
import NIOSSL

/// An HTTPS client of a test's gateway that trusts one authority and, for mutual TLS,
/// presents a certificate. It keeps its connections between requests, as real clients do,
/// which is what shows a reload dropped none.
struct TLSTestClient {
    let http: HTTPClient

    init(trusting ca: String, certificate: String? = nil, key: String? = nil, http2: Bool = true) throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(ca))
        if let certificate, let key {
            tls.certificateChain = try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) }
            tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = http2 ? .automatic : .http1Only
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// `GET /health` on the gateway at `port`: the status and the HTTP major version it was answered in.
    func health(port: Int) async throws -> (status: Int, http: Int) {
        let response = try await http.execute(HTTPClientRequest(url: "https://127.0.0.1:\(port)/health"), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 64 * 1024)
        return (Int(response.status.code), response.version.major)
    }

    func shutdown() async {
        try? await http.shutdown()
    }
}
