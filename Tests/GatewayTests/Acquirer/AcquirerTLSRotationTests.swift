import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Client certificates replaced on disk while the link runs: the connections signed on stay
/// up; each new connection reads the files as they are then, so a bad pair fails only that
/// attempt (logged) and the next good pair is used without a restart.
@Suite(.enabled(if: AcquirerTestPKI.isAvailable), .serialized)
struct AcquirerTLSRotationTests {
    @Test func replacedClientCertificatesAreUsedByNewConnectionsWithoutDroppingSignedOnOnes() async throws {
        let pki = try AcquirerTestPKI()
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("acquirer-rotation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer {
            pki.remove()
            try? FileManager.default.removeItem(at: files)
        }
        // The host trusts client certificates of both authorities (of distinct names: a
        // verifier finds an issuer by its name). The old certificate is the PKI's gateway
        // certificate, the new one its "stranger", from the other authority.
        let clientCAs = files.appendingPathComponent("client-cas.pem")
        try (String(contentsOfFile: pki.ca, encoding: .utf8) + String(contentsOfFile: pki.strangerCA, encoding: .utf8))
            .write(to: clientCAs, atomically: true, encoding: .utf8)
        let old = (certificate: pki.clientCertificate, key: pki.clientKey)
        let new = (certificate: pki.file("stranger.pem"), key: pki.file("stranger-key.pem"))
        let certificate = files.appendingPathComponent("client.pem").path
        let key = files.appendingPathComponent("client-key.pem").path
        try Self.install(old.certificate, at: certificate)
        try Self.install(old.key, at: key)
        let tls = AcquirerTLSSettings(caFile: pki.ca, certificateFile: certificate, keyFile: key)

        try await AcquirerTLSTests.with(hostFlags: pki.hostFlags(clientCA: clientCAs.path), tls: tls, connections: 2) { acquirer in
            await acquirer.waitForLog("acquirer connection signed on", count: 2)
            let oldFingerprint = try AcquirerTestPKI.fingerprint(old.certificate)
            let newFingerprint = try AcquirerTestPKI.fingerprint(new.certificate)

            // Rotation, half done: the new certificate with the old key. Nothing reconnects,
            // so nothing reads them yet, and a sale goes out on a connection signed on before.
            try Self.install(new.certificate, at: certificate)
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            #expect(try acquirer.host.connectionEvents("tls").count == 2)
            #expect(!acquirer.events.snapshot.statuses.contains(false))
            #expect(acquirer.events.snapshot.lines("acquirer connection lost").isEmpty)

            // The host drops both: the new connections read the mismatched pair and fail,
            // saying so, and the link is down.
            acquirer.host.dropConnections()
            await acquirer.waitForLog("acquirer connection lost", count: 2)
            let unusable = await acquirer.waitForLog("acquirer TLS settings unusable")
            #expect(unusable.first?.level == .warning)
            #expect(unusable.first?.metadata["error"]?.contains("is not the key of the client certificate") == true)
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 503)
            }

            // Rotation done: the next attempts sign on with the new certificate.
            try Self.install(new.key, at: key)
            await acquirer.waitForLog("acquirer connection signed on", count: 4)
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sessions = try acquirer.host.connectionEvents("tls")
            let used = sessions.map { ($0["clientCertificate"] as? [String: Any])?["sha256"] as? String }
            #expect(used.count == 4)
            #expect(used.prefix(2).allSatisfy { $0 == oldFingerprint })
            #expect(used.dropFirst(2).allSatisfy { $0 == newFingerprint })
            // The last sale went out on a connection made with the new certificate.
            let newConnections = Set(sessions.dropFirst(2).compactMap { $0["connection"] as? Int })
            let lastSale = try #require(try acquirer.host.journal().last { $0["mti"] as? String == "0200" })
            #expect(newConnections.contains(lastSale["connection"] as? Int ?? 0))
            let subjects = sessions.map { ($0["clientCertificate"] as? [String: Any])?["subject"] as? String }
            #expect(subjects == ["tapline-gateway", "tapline-gateway", "stranger", "stranger"])
            try AcquirerTLSTests.expectNoKeyMaterial(in: acquirer, keyFile: old.key)
            try AcquirerTLSTests.expectNoKeyMaterial(in: acquirer, keyFile: new.key)
        }
    }

    /// Replaces `destination` with a copy of `source` in one step, as an operator's
    /// `mv` would, so a connection never reads half a file.
    static func install(_ source: String, at destination: String) throws {
        let staged = destination + ".new"
        try? FileManager.default.removeItem(atPath: staged)
        try FileManager.default.copyItem(atPath: source, toPath: staged)
        if rename(staged, destination) != 0 { throw CocoaError(.fileWriteUnknown) }
    }
}
