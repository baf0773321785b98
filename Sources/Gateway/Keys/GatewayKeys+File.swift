import CardData
@preconcurrency import Crypto
import Foundation

/// The key file (`tapline-keys.json`): every key base64, card-data private keys as their
/// raw 32-byte scalar with their key ids. A file written before card-data keys existed
/// has none; loading it adds a card-data key and writes the file back.
extension GatewayKeys {
    struct File: Codable {
        struct CardKey: Codable {
            var keyId: String
            var privateKey: String
        }

        struct CardKeys: Codable {
            var current: CardKey
            var previous: CardKey?
        }

        var tokenSigningKey: String
        var panHashKey: String
        var cardDataKeys: CardKeys?
    }

    /// Reads the keys at `path`, creating the file with new keys (mode 0600) when it does
    /// not exist and adding a card-data key to a file that has none.
    public static func loadOrCreate(at path: String) throws -> GatewayKeys {
        guard FileManager.default.fileExists(atPath: path) else {
            let keys = generate()
            try keys.write(to: path)
            return keys
        }
        return try load(at: path)
    }

    /// Reads the keys at `path`; a file without card-data keys gets one and is written back.
    public static func load(at path: String) throws -> GatewayKeys {
        guard FileManager.default.fileExists(atPath: path) else { throw GatewayStartupError.missingKeys(path) }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)), let (keys, complete) = decoded(data) else {
            throw GatewayStartupError.unreadableKeys(path)
        }
        if !complete { try keys.write(to: path) }
        return keys
    }

    /// The keys in a key file's JSON; `complete` is false when the file predates card-data
    /// keys and one was added. Nil when the JSON is not a Tapline key file.
    static func decoded(_ data: Data) -> (keys: GatewayKeys, complete: Bool)? {
        guard let file = try? JSONDecoder().decode(File.self, from: data),
              let signing = Data(base64Encoded: file.tokenSigningKey), let pan = Data(base64Encoded: file.panHashKey),
              signing.count == 32, pan.count == 32 else { return nil }
        let tokenSigningKey = SymmetricKey(data: signing), panHashKey = SymmetricKey(data: pan)
        guard let cardKeys = file.cardDataKeys else {
            let ring = OpeningKeyRing(current: newCardDataKey())
            return (GatewayKeys(tokenSigningKey: tokenSigningKey, panHashKey: panHashKey, cardDataKeys: ring), false)
        }
        guard let current = openingKey(cardKeys.current) else { return nil }
        var previous: OpeningKey?
        if let stored = cardKeys.previous {
            guard let key = openingKey(stored), key.keyId != current.keyId else { return nil }
            previous = key
        }
        let ring = OpeningKeyRing(current: current, previous: previous)
        return (GatewayKeys(tokenSigningKey: tokenSigningKey, panHashKey: panHashKey, cardDataKeys: ring), true)
    }

    /// The key file's JSON.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file)
    }

    /// Loads the keys at `path`, rotates the card-data key and writes them back.
    public static func rotateCardKey(at path: String) throws -> GatewayKeys {
        let rotated = try load(at: path).rotatingCardKey()
        try rotated.write(to: path)
        return rotated
    }

    /// Writes the keys to `path`, replacing what is there, readable by the owner only.
    public func write(to path: String) throws {
        let data = try encoded()
        // A temporary file created 0600 from the start, then renamed over the old one: the
        // keys are never readable by others, not even briefly, and a crash leaves one whole file.
        let temporary = path + ".tmp-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw GatewayStartupError.unwritableKeys(path)
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw GatewayStartupError.unwritableKeys(path)
        }
    }

    var file: File {
        func base64(_ key: SymmetricKey) -> String { key.withUnsafeBytes { Data($0).base64EncodedString() } }
        func stored(_ key: OpeningKey) -> File.CardKey {
            File.CardKey(keyId: key.keyId, privateKey: key.privateKey.rawRepresentation.base64EncodedString())
        }
        return File(
            tokenSigningKey: base64(tokenSigningKey), panHashKey: base64(panHashKey),
            cardDataKeys: File.CardKeys(current: stored(cardDataKeys.current), previous: cardDataKeys.previous.map(stored)))
    }

    private static func openingKey(_ stored: File.CardKey) -> OpeningKey? {
        guard !stored.keyId.isEmpty, let raw = Data(base64Encoded: stored.privateKey),
              let privateKey = try? P256.KeyAgreement.PrivateKey(rawRepresentation: raw) else { return nil }
        return OpeningKey(keyId: stored.keyId, privateKey: privateKey)
    }
}
