import Foundation

/// Unguessable single-use values: PIN tokens and the nonces of signed tokens.
enum RandomToken {
    /// 128 random bits, hex.
    static func hex() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).hexString
    }
}
