import CardData
@preconcurrency import Crypto
import Foundation
@testable import Gateway
import Testing

@Suite("Key file: card-data keys, legacy files, rotation")
struct GatewayKeysTests {
    /// A fresh key file path under the temporary directory, removed afterwards.
    private func withKeyFile(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-keys-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    private func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    private func publicKey(_ key: OpeningKey) -> Data { key.privateKey.publicKey.rawRepresentation }

    @Test func aNewFileHoldsACardKeyAndReadsBackTheSame() throws {
        try withKeyFile { path in
            let created = try GatewayKeys.loadOrCreate(at: path)
            #expect(try mode(path) == 0o600)
            #expect(created.cardDataKeys.previous == nil)
            let id = created.cardDataKeys.current.keyId
            #expect(id.count == 20 && id.hasPrefix("tck_"))
            #expect(id.dropFirst(4).allSatisfy { "0123456789abcdef".contains($0) })

            let reloaded = try GatewayKeys.loadOrCreate(at: path)
            #expect(reloaded.tokenSigningKey == created.tokenSigningKey)
            #expect(reloaded.panHashKey == created.panHashKey)
            #expect(reloaded.cardDataKeys.current.keyId == id)
            #expect(publicKey(reloaded.cardDataKeys.current) == publicKey(created.cardDataKeys.current))
        }
    }

    @Test func aFileWithoutCardKeysGainsOneAndKeepsItsOtherKeys() throws {
        try withKeyFile { path in
            let signing = Data(repeating: 7, count: 32).base64EncodedString()
            let pan = Data(repeating: 9, count: 32).base64EncodedString()
            let legacy = #"{"tokenSigningKey":"\#(signing)","panHashKey":"\#(pan)"}"#
            #expect(FileManager.default.createFile(atPath: path, contents: Data(legacy.utf8), attributes: [.posixPermissions: 0o600]))

            let upgraded = try GatewayKeys.loadOrCreate(at: path)
            #expect(upgraded.tokenSigningKey == SymmetricKey(data: Data(repeating: 7, count: 32)))
            #expect(upgraded.panHashKey == SymmetricKey(data: Data(repeating: 9, count: 32)))
            #expect(try mode(path) == 0o600)
            let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            #expect(written.contains(upgraded.cardDataKeys.current.keyId))

            // The card key written is the one used, so a restart opens what readers sealed.
            let again = try GatewayKeys.loadOrCreate(at: path)
            #expect(again.cardDataKeys.current.keyId == upgraded.cardDataKeys.current.keyId)
            #expect(publicKey(again.cardDataKeys.current) == publicKey(upgraded.cardDataKeys.current))
            #expect(again.tokenSigningKey == upgraded.tokenSigningKey)
        }
    }

    @Test func rotationKeepsOnePreviousKey() throws {
        let keys = GatewayKeys.generate()
        let first = keys.cardDataKeys.current
        let once = keys.rotatingCardKey()
        #expect(once.cardDataKeys.previous?.keyId == first.keyId)
        #expect(once.cardDataKeys.current.keyId != first.keyId)
        #expect(once.cardDataKeys.key(id: first.keyId) != nil)
        #expect(once.tokenSigningKey == keys.tokenSigningKey)
        #expect(once.panHashKey == keys.panHashKey)

        let twice = once.rotatingCardKey()
        #expect(twice.cardDataKeys.previous?.keyId == once.cardDataKeys.current.keyId)
        #expect(twice.cardDataKeys.key(id: first.keyId) == nil, "the older previous key is dropped")
    }

    @Test func rotatingTheFileWritesBothKeysOwnerOnly() throws {
        try withKeyFile { path in
            #expect(throws: GatewayStartupError.self) { try GatewayKeys.rotateCardKey(at: path) }
            let created = try GatewayKeys.loadOrCreate(at: path)
            let rotated = try GatewayKeys.rotateCardKey(at: path)
            #expect(try mode(path) == 0o600)
            #expect(rotated.cardDataKeys.previous?.keyId == created.cardDataKeys.current.keyId)

            let reloaded = try GatewayKeys.loadOrCreate(at: path)
            #expect(reloaded.cardDataKeys.current.keyId == rotated.cardDataKeys.current.keyId)
            #expect(reloaded.cardDataKeys.previous?.keyId == created.cardDataKeys.current.keyId)
            #expect(reloaded.cardDataKeys.previous.map(publicKey) == publicKey(created.cardDataKeys.current))
            #expect(reloaded.tokenSigningKey == created.tokenSigningKey)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
                .filter { $0.hasPrefix((path as NSString).lastPathComponent + ".tmp") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test(arguments: [
        #"{"tokenSigningKey":"short","panHashKey":"short"}"#,
        "not json",
        #"{"tokenSigningKey":"BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=","panHashKey":"BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=","cardDataKeys":{"current":{"keyId":"tck_1","privateKey":"AAAA"}}}"#,
    ])
    func aCorruptFileStopsTheStart(contents: String) throws {
        try withKeyFile { path in
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: GatewayStartupError.self) { try GatewayKeys.loadOrCreate(at: path) }
        }
    }
}
