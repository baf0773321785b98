@preconcurrency import Crypto
import Foundation

/// The key that seals the gateway's keys in the database (``GatewayKeyVault``). It lives
/// only in configuration (`TAPLINE_MASTER_KEY` or a file), never in the database, so a
/// copy of the database alone opens nothing. Every instance of a fleet is given the same one.
public struct MasterKey: Sendable, CustomStringConvertible {
    let key: SymmetricKey

    /// 32 random bytes, base64: what `tapline keys new-master-key` prints.
    public static func generate() -> MasterKey {
        MasterKey(key: SymmetricKey(size: .bits256))
    }

    init(key: SymmetricKey) {
        self.key = key
    }

    /// A key written as base64 of exactly 32 bytes (surrounding white space is ignored, so
    /// a file ending in a newline reads).
    public init?(base64 text: String) {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), data.count == 32 else {
            return nil
        }
        key = SymmetricKey(data: data)
    }

    public var base64: String {
        key.withUnsafeBytes { Data($0).base64EncodedString() }
    }

    /// Never the key itself: configurations get printed and logged.
    public var description: String { "MasterKey(redacted)" }
}
