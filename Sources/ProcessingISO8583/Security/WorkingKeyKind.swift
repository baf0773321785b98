/// The keys a ``SecurityModule`` holds for the acquirer link.
public enum WorkingKeyKind: String, Sendable, Hashable, CustomStringConvertible {
    /// The zone PIN key (ZPK): field 52.
    case zonePIN = "zone PIN key"
    /// The terminal authentication key (TAK): the MAC in field 64 or 128.
    case terminalAuthentication = "terminal authentication key"
    /// The zone master key (ZMK): new working keys come enciphered under it.
    case zoneMaster = "zone master key"

    public var description: String { rawValue }
}
