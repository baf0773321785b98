import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// The acquirer link over TLS and mutual TLS (`iso8583s://`) against scripts/acquirer_host.py
/// serving TLS with a throwaway PKI: sales go through; a host the gateway must not trust,
/// or one that wants a certificate the gateway does not send, gets no sign-on, the link
/// stays down (503) and says why.
@Suite(.enabled(if: AcquirerTestPKI.isAvailable), .serialized)
struct AcquirerTLSTests {
    @Test func aSaleOverTLSWithThePinnedHostCertificateIsApproved() async throws {
        let pki = try AcquirerTestPKI()
        defer { pki.remove() }
        let pin = try AcquirerTestPKI.fingerprintBytes(pki.hostCertificate)
        try await Self.with(hostFlags: pki.hostFlags(), tls: pki.linkSettings(pin: pin)) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sessions = try acquirer.host.connectionEvents("tls")
            #expect(!sessions.isEmpty)
            #expect(sessions.allSatisfy { $0["clientCertificate"] == nil })
            #expect(try acquirer.host.received("0200").count == 1)
        }
    }

    @Test func aSaleOverMutualTLSPresentsTheGatewaysCertificate() async throws {
        let pki = try AcquirerTestPKI()
        defer { pki.remove() }
        try await Self.with(hostFlags: pki.hostFlags(clientCA: pki.ca), tls: pki.linkSettings(mutual: true)) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let fingerprint = try AcquirerTestPKI.fingerprint(pki.clientCertificate)
            let clients = try acquirer.host.connectionEvents("tls").map { $0["clientCertificate"] as? [String: Any] }
            #expect(!clients.isEmpty)
            #expect(clients.allSatisfy { $0?["subject"] as? String == "tapline-gateway" && $0?["sha256"] as? String == fingerprint })
            #expect(try acquirer.host.received("0200").count == 1)
            try Self.expectNoKeyMaterial(in: acquirer, keyFile: pki.clientKey)
        }
    }

    @Test func aHostCertificateFromAnotherCAIsRefusedAndTheLinkStaysDown() async throws {
        let pki = try AcquirerTestPKI()
        defer { pki.remove() }
        var tls = pki.linkSettings()
        tls.caFile = pki.strangerCA
        try await Self.expectRefused(hostFlags: pki.hostFlags(), tls: tls, reason: "the host's certificate is not trusted")
    }

    @Test func aHostCertificateOtherThanThePinnedOneIsRefused() async throws {
        let pki = try AcquirerTestPKI()
        defer { pki.remove() }
        // A real certificate of the same PKI, but not the host's: the chain is valid, the pin is not.
        let tls = pki.linkSettings(pin: try AcquirerTestPKI.fingerprintBytes(pki.clientCertificate))
        try await Self.expectRefused(hostFlags: pki.hostFlags(), tls: tls, reason: "the host's certificate is not the pinned one")
    }

    @Test func aHostThatRequiresAClientCertificateTheGatewayHasNotGotIsNotSignedOn() async throws {
        let pki = try AcquirerTestPKI()
        defer { pki.remove() }
        try await Self.expectRefused(hostFlags: pki.hostFlags(clientCA: pki.ca), tls: pki.linkSettings(),
                                     reason: "requires a client certificate")
    }

    /// A link over TLS that must not come up: the reason is logged at warning, each retry
    /// fails the same way, nothing reaches the host's ISO 8583 side, and a sale is 503.
    static func expectRefused(hostFlags: [String], tls: AcquirerTLSSettings, reason: String,
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await with(hostFlags: hostFlags, tls: tls, waitUntilUp: false) { acquirer in
            let failures: @Sendable (AcquirerEvents.Snapshot) -> [AcquirerEvents.Line] = { snapshot in
                snapshot.lines.filter { $0.metadata["error"]?.contains(reason) == true }
            }
            // The first attempt and a retry (one connection: the second line is a retry).
            let snapshot = await acquirer.events.wait(for: "two attempts failing with '\(reason)'", sourceLocation: sourceLocation) {
                failures($0).count >= 2
            }
            #expect(failures(snapshot).first?.level == .warning, sourceLocation: sourceLocation)
            #expect(!snapshot.statuses.contains(true), sourceLocation: sourceLocation)
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 503, sourceLocation: sourceLocation)
                #expect(reply.error?.code == "processor_unavailable", sourceLocation: sourceLocation)
            }
            #expect(try acquirer.host.journal().allSatisfy { $0["mti"] == nil }, sourceLocation: sourceLocation)
            #expect(!acquirer.link.link.isUp, sourceLocation: sourceLocation)
        }
    }

    /// Runs `body` against a harness on a TLS host with one connection, stopping both after.
    static func with(hostFlags: [String], tls: AcquirerTLSSettings, waitUntilUp: Bool = true, connections: Int = 1,
                     _ body: (AcquirerHarness) async throws -> Void) async throws {
        let acquirer = try await AcquirerHarness.make(hostFlags: hostFlags, tls: tls, waitUntilUp: waitUntilUp, connections: connections)
        do {
            try await body(acquirer)
        } catch {
            await acquirer.stop()
            throw error
        }
        await acquirer.stop()
    }

    /// No line the link logged holds a line of the private key's PEM body.
    static func expectNoKeyMaterial(in acquirer: AcquirerHarness, keyFile: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let body = try String(contentsOfFile: keyFile, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("-----") }
        let logs = acquirer.linkLogs.all.joined(separator: "\n")
        #expect(!body.isEmpty && body.allSatisfy { !logs.contains($0) }, sourceLocation: sourceLocation)
        #expect(!logs.contains("PRIVATE KEY"), sourceLocation: sourceLocation)
    }
}
