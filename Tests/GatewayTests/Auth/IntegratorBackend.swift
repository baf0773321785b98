import Foundation
import Gateway
import GatewayAPI
import InteropSupport
import Testing
import TestSupport

/// An integrator's backend played by joserfc (`scripts/interop/jwt_peer.py`): its key pairs
/// and the JWTs it signs, independent of Tapline's code.
final class IntegratorBackend: Sendable {
    static let script = "scripts/interop/jwt_peer.py"
    static var isAvailable: Bool { PythonPeer.isAvailable("joserfc") }

    static let issuer = "https://backend.integrator.example"
    static let audience = "tapline-halo"
    static let user = "merchant-user-7"

    /// A key pair on disk, with the kid joserfc gives it (its RFC 7638 thumbprint).
    struct KeyPair: Sendable {
        let privatePath: String
        let publicPath: String
        let kid: String
        var publicPEM: String { (try? String(contentsOfFile: publicPath, encoding: .utf8)) ?? "" }
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("integrator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A new key pair: `ec` (P-256) or `rsa` (2048 bits).
    func keyPair(_ kind: String) throws -> KeyPair {
        let name = UUID().uuidString
        let privatePath = directory.appendingPathComponent("\(name).pem").path
        let publicPath = directory.appendingPathComponent("\(name).pub.pem").path
        let kid = try Self.run(["keygen", kind, privatePath, publicPath])
        return KeyPair(privatePath: privatePath, publicPath: publicPath, kid: kid)
    }

    /// The claims of a right token at `now`, with `changes` applied (nil removes a claim).
    static func claims(at now: Date, _ changes: [String: Any?] = [:]) -> String {
        let seconds = Int(now.timeIntervalSince1970)
        var claims: [String: Any] = ["iss": issuer, "aud": audience, "sub": user, "iat": seconds, "nbf": seconds, "exp": seconds + 300]
        for (name, value) in changes { claims[name] = value }
        let data = try! JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// A JWT signed by `key` naming `kid` (the key's own unless given), with `alg` if given.
    func token(_ key: KeyPair, claims: String, kid: String? = nil, alg: String? = nil) throws -> String {
        try Self.run(["mint", key.privatePath, kid ?? key.kid, claims] + (alg.map { ["--alg", $0] } ?? []))
    }

    /// HS256 under the bytes of `key`'s public PEM: the algorithm-confusion attack.
    func hs256(withPublicKeyOf key: KeyPair, claims: String) throws -> String {
        try Self.run(["hs256", key.publicPath, key.kid, claims])
    }

    /// An unsigned token (`alg: none`) naming `key`.
    func unsigned(naming key: KeyPair, claims: String) throws -> String {
        try Self.run(["none", key.kid, claims])
    }

    /// A JWKS of the keys' public halves.
    func jwks(_ keys: [KeyPair]) throws -> String {
        try Self.run(["jwks"] + keys.map(\.publicPath))
    }

    private static func run(_ arguments: [String]) throws -> String {
        let output = try PythonPeer.runScript(script, arguments: arguments)
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension TestSession {
    /// `POST /transactions/apple` of a fresh tap, authenticated by `token` instead of the session's.
    func apple(token: String, reference: String = "INV-JWT") async throws -> TestReply {
        try await send(.post, APIPath.appleTransaction, json: TestTapReader.appleBody(try tap(), merchantReference: reference), token: token,
                       headers: [Self.deviceHeader: Self.deviceId])
    }
}
