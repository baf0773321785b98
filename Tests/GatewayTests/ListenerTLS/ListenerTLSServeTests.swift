import Foundation
import InteropSupport
import NIOCore
import Testing

/// A real `tapline serve` with `--tls-certificate`: HTTPS in HTTP/1.1 and HTTP/2, client
/// certificates when `--tls-client-ca` is set, and a renewed certificate taken on SIGHUP
/// without dropping a connection.
@Suite(.enabled(if: PythonPeer.isAvailable("cryptography")))
struct ListenerTLSServeTests {
    private func serve(_ name: String, certificate: String, key: String, extra: [String] = []) async throws -> (ServeProcess, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let arguments = ["--database", folder.appendingPathComponent("t.sqlite").path, "--keys", folder.appendingPathComponent("k.json").path,
                         "--tls-certificate", certificate, "--tls-key", key] + extra
        return (try await ServeProcess.start(name: name, arguments: arguments, environment: [:], in: folder), folder)
    }

    @Test func theAPIIsServedOverTLSInHTTP1AndHTTP2() async throws {
        let pki = try ProviderTestPKI.shared()
        let (server, _) = try await serve("tls", certificate: pki.serviceCertificate, key: pki.serviceKey)
        defer { server.kill() }
        let h2 = try TLSTestClient(trusting: pki.ca)
        let h1 = try TLSTestClient(trusting: pki.ca, http2: false)
        let stranger = try TLSTestClient(trusting: pki.strangerCA)
        #expect(try await h2.health(port: server.port) == (200, 2))
        #expect(try await h1.health(port: server.port) == (200, 1))
        await #expect(throws: (any Error).self, "a client that does not trust the certificate refuses it") {
            try await stranger.health(port: server.port)
        }
        for client in [h2, h1, stranger] { await client.shutdown() }
        server.terminate()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func withAClientAuthorityOnlyItsClientsAreServed() async throws {
        let pki = try ProviderTestPKI.shared()
        let (server, _) = try await serve("mtls", certificate: pki.serviceCertificate, key: pki.serviceKey, extra: ["--tls-client-ca", pki.ca])
        defer { server.kill() }
        let member = try TLSTestClient(trusting: pki.ca, certificate: pki.gatewayCertificate, key: pki.gatewayKey)
        let anonymous = try TLSTestClient(trusting: pki.ca)
        let stranger = try TLSTestClient(trusting: pki.ca, certificate: pki.strangerCertificate, key: pki.strangerKey)
        #expect(try await member.health(port: server.port).status == 200)
        await #expect(throws: (any Error).self, "no client certificate") { try await anonymous.health(port: server.port) }
        await #expect(throws: (any Error).self, "a certificate from another authority") { try await stranger.health(port: server.port) }
        for client in [member, anonymous, stranger] { await client.shutdown() }
        server.terminate()
        #expect(try await server.exitStatus() == 0)
    }

    /// The first client trusts only the old authority: its second request can succeed only on
    /// the connection it already has, since a new one would be shown the renewed certificate.
    @Test(arguments: [true, false])
    func sighupServesARenewedCertificateAndKeepsOpenConnections(http2: Bool) async throws {
        let old = try ProviderTestPKI.shared(), renewed = try ProviderTestPKI.another()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
        func install(_ pki: ProviderTestPKI, key keySource: String? = nil) throws {
            for path in [certificate, key] { try? FileManager.default.removeItem(atPath: path) }
            try FileManager.default.copyItem(atPath: pki.serviceCertificate, toPath: certificate)
            try FileManager.default.copyItem(atPath: keySource ?? pki.serviceKey, toPath: key)
        }
        try install(old)
        let (server, _) = try await serve("reload-\(http2)", certificate: certificate, key: key)
        defer { server.kill() }
        let connected = try TLSTestClient(trusting: old.ca, http2: http2)
        #expect(try await connected.health(port: server.port).status == 200)

        try install(renewed)
        server.hangUp()
        try await server.waitForLog("reloaded the TLS certificate")
        #expect(try await connected.health(port: server.port).status == 200, "the open connection was kept")
        let newcomer = try TLSTestClient(trusting: renewed.ca, http2: http2)
        #expect(try await newcomer.health(port: server.port).status == 200, "a new connection gets the renewed certificate")
        let late = try TLSTestClient(trusting: old.ca, http2: http2)
        await #expect(throws: (any Error).self, "a new connection is not shown the old certificate") { try await late.health(port: server.port) }

        // A renewal gone wrong (the old key with the new certificate) keeps the pair in use.
        try install(renewed, key: old.serviceKey)
        server.hangUp()
        try await server.waitForLog("kept the TLS certificate in use")
        let another = try TLSTestClient(trusting: renewed.ca, http2: http2)
        #expect(try await another.health(port: server.port).status == 200)
        for client in [connected, newcomer, late, another] { await client.shutdown() }
        server.terminate()
        #expect(try await server.exitStatus() == 0)
    }
}
