import CardData

/// Where the acquirer link's keys live and are used: the zone PIN key (ZPK) for field 52,
/// the terminal authentication key (TAK) for the MAC of every message, and the zone master
/// key (ZMK) under which the acquirer sends new working keys. Callers never see a key, only
/// what is computed with it, so an HSM can hold them (docs/iso8583.md, "Keys and the
/// security module"). ``SoftwareSecurityModule`` is the software one.
///
/// The calls are synchronous, as PKCS#11's are; an implementation over a network HSM blocks
/// its caller for the HSM's round trip. Errors never carry key, PIN or MAC bytes.
public protocol SecurityModule: Sendable {
    /// Field 52: the ISO 9564 format 0 PIN block of `pin` and `pan` under the zone PIN key.
    ///
    /// - Throws: ``SecurityModuleError/noKey(_:)`` without a zone PIN key.
    func encipherPIN(_ pin: PIN, pan: String) throws(SecurityModuleError) -> [UInt8]

    /// Whether a terminal authentication key is loaded, so that messages can carry a MAC.
    var canAuthenticateMessages: Bool { get }

    /// The 8-byte MAC (ISO 9797-1 algorithm 3, the retail MAC) of `data` under the terminal
    /// authentication key.
    ///
    /// - Throws: ``SecurityModuleError/noKey(_:)`` without a terminal authentication key.
    func generateMAC(_ data: [UInt8]) throws(SecurityModuleError) -> [UInt8]

    /// Whether `mac` is the MAC of `data` under the terminal authentication key, or under
    /// the key it replaced (kept for the messages in flight when a new one was imported).
    func verifyMAC(_ mac: [UInt8], over data: [UInt8]) throws(SecurityModuleError) -> Bool

    /// Takes a new working key sent enciphered under the zone master key, after checking it
    /// against `checkValue` (its KCV, 6 hex digits). The key it replaces is kept for the
    /// messages in flight (their MACs still verify) until the next import.
    ///
    /// - Throws: ``SecurityModuleError/noKey(_:)`` without a zone master key,
    ///   ``SecurityModuleError/invalidKey(_:)`` for a key of the wrong length and
    ///   ``SecurityModuleError/checkValueMismatch(_:)`` when the check value differs; the
    ///   key in use then stays.
    func importKey(_ kind: WorkingKeyKind, enciphered: [UInt8], checkValue: String) throws(SecurityModuleError)
}
