@preconcurrency import Crypto
import Foundation

/// The gateway's secret key material: the access-token signing key and the key of the
/// PAN hash. Given by configuration, or generated on a fresh install and kept in a file
/// only its owner can read (mode 0600).
public struct GatewayKeys: Sendable {
    public var tokenSigningKey: SymmetricKey
    public var panHashKey: SymmetricKey

    public init(tokenSigningKey: SymmetricKey, panHashKey: SymmetricKey) {
        self.tokenSigningKey = tokenSigningKey
        self.panHashKey = panHashKey
    }

    /// Fresh random keys.
    public static func generate() -> GatewayKeys {
        GatewayKeys(tokenSigningKey: SymmetricKey(size: .bits256), panHashKey: SymmetricKey(size: .bits256))
    }

    private struct File: Codable {
        var tokenSigningKey: String
        var panHashKey: String
    }

    /// Reads the keys at `path`, creating the file with new keys (mode 0600) when it does not exist.
    public static func loadOrCreate(at path: String) throws -> GatewayKeys {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: path) {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let file = try JSONDecoder().decode(File.self, from: data)
            guard let signing = Data(base64Encoded: file.tokenSigningKey), let pan = Data(base64Encoded: file.panHashKey),
                  signing.count == 32, pan.count == 32 else {
                throw GatewayStartupError.unreadableKeys(path)
            }
            return GatewayKeys(tokenSigningKey: SymmetricKey(data: signing), panHashKey: SymmetricKey(data: pan))
        }
        let keys = generate()
        let file = File(
            tokenSigningKey: keys.tokenSigningKey.withUnsafeBytes { Data($0).base64EncodedString() },
            panHashKey: keys.panHashKey.withUnsafeBytes { Data($0).base64EncodedString() }
        )
        let data = try JSONEncoder().encode(file)
        // Create with 0600 from the start so the keys are never readable by others, not even briefly.
        guard fileManager.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw GatewayStartupError.unwritableKeys(path)
        }
        return keys
    }
}

/// Why the gateway could not start.
public enum GatewayStartupError: Error, CustomStringConvertible {
    case unreadableKeys(String)
    case unwritableKeys(String)

    public var description: String {
        switch self {
        case .unreadableKeys(let path): return "the key file \(path) is not a Tapline key file"
        case .unwritableKeys(let path): return "cannot create the key file \(path)"
        }
    }
}
