import CardData
import Foundation
import PaymentCore

/// The keys in the gateway's memory, used with Tapline's software triple DES: what runs
/// when no HSM is plugged in. Keys come from settings (hex) at start and from the
/// acquirer's key exchange later; nothing here prints or returns them.
public final class SoftwareSecurityModule: SecurityModule {
    private struct Keys {
        var zonePIN: TripleDESKey?
        var terminalAuthentication: TripleDESKey?
        /// The TAK an import replaced: answers to messages sent under it still verify.
        var previousTerminalAuthentication: TripleDESKey?
        var zoneMaster: TripleDESKey?
    }

    private let keys: LockedBox<Keys>

    /// Each key as its bytes: a double- or triple-length zone PIN key and zone master key,
    /// a double-length terminal authentication key (the retail MAC has two keys).
    ///
    /// - Throws: ``SecurityModuleError/invalidKey(_:)`` naming the first key that is not one.
    public init(zonePINKey: [UInt8]? = nil, terminalAuthenticationKey: [UInt8]? = nil,
                zoneMasterKey: [UInt8]? = nil) throws(SecurityModuleError) {
        keys = LockedBox(Keys(
            zonePIN: try zonePINKey.map { bytes throws(SecurityModuleError) in try Self.key(bytes, .zonePIN) },
            terminalAuthentication: try terminalAuthenticationKey.map { bytes throws(SecurityModuleError) in
                try Self.key(bytes, .terminalAuthentication)
            },
            zoneMaster: try zoneMasterKey.map { bytes throws(SecurityModuleError) in try Self.key(bytes, .zoneMaster) }))
    }

    public func encipherPIN(_ pin: PIN, pan: String) throws(SecurityModuleError) -> [UInt8] {
        guard let key = keys.withLock({ $0.zonePIN }) else { throw .noKey(.zonePIN) }
        do {
            return Array(try PINBlockFormat0.encipher(pin: pin, pan: pan, key: key))
        } catch {
            throw .pinBlock(error.description)
        }
    }

    public var canAuthenticateMessages: Bool { keys.withLock { $0.terminalAuthentication != nil } }

    public func generateMAC(_ data: [UInt8]) throws(SecurityModuleError) -> [UInt8] {
        guard let key = keys.withLock({ $0.terminalAuthentication }) else { throw .noKey(.terminalAuthentication) }
        return try Self.mac(data, key)
    }

    public func verifyMAC(_ mac: [UInt8], over data: [UInt8]) throws(SecurityModuleError) -> Bool {
        let (current, previous) = keys.withLock { ($0.terminalAuthentication, $0.previousTerminalAuthentication) }
        guard let current else { throw .noKey(.terminalAuthentication) }
        for key in [current, previous].compactMap({ $0 }) {
            if try Self.mac(data, key) == mac { return true }
        }
        return false
    }

    public func importKey(_ kind: WorkingKeyKind, enciphered: [UInt8], checkValue: String) throws(SecurityModuleError) {
        guard let master = keys.withLock({ $0.zoneMaster }) else { throw .noKey(.zoneMaster) }
        guard enciphered.count == 16 || enciphered.count == 24 else { throw .invalidKey(kind) }
        // Each 8-byte part is enciphered alone (triple DES ECB), as ANSI X9.17 key exchange does.
        var clear: [UInt8] = []
        for start in stride(from: 0, to: enciphered.count, by: TripleDES.blockSize) {
            guard let part = try? TripleDES.decrypt(Data(enciphered[start..<start + TripleDES.blockSize]), key: master) else {
                throw .invalidKey(kind)
            }
            clear += part
        }
        let key = try Self.key(clear, kind)
        guard key.checkValue == checkValue.uppercased() else { throw .checkValueMismatch(kind) }
        keys.withLock { keys in
            switch kind {
            case .zonePIN: keys.zonePIN = key
            case .terminalAuthentication:
                keys.previousTerminalAuthentication = keys.terminalAuthentication
                keys.terminalAuthentication = key
            case .zoneMaster: keys.zoneMaster = key
            }
        }
    }

    private static func key(_ bytes: [UInt8], _ kind: WorkingKeyKind) throws(SecurityModuleError) -> TripleDESKey {
        guard kind != .terminalAuthentication || bytes.count == 16, let key = try? TripleDESKey(bytes) else {
            throw .invalidKey(kind)
        }
        return key
    }

    private static func mac(_ data: [UInt8], _ key: TripleDESKey) throws(SecurityModuleError) -> [UInt8] {
        do {
            return try RetailMAC.mac(data, key: key)
        } catch {
            throw .invalidKey(.terminalAuthentication)
        }
    }
}
