import Storage

/// Why `tapline serve` will not start with the keys it was given: the database holds data
/// made with other keys (webhook secrets sealed under them, card-number hashes), clients
/// hold tokens signed with them, and starting anyway would quietly break all of it. Each
/// case says how to give the gateway the keys the database was written with.
public enum KeyRefusal: Error, Equatable, CustomStringConvertible {
    /// Where the keys that do not match came from.
    public enum Source: Equatable, Sendable {
        case keyFile(String)
        case database
    }

    /// No key file at the path, and the database was written with a key file's keys (it
    /// keeps none of its own): new keys would match nothing in it.
    case missingKeyFile(path: String)
    /// The database keeps its keys sealed under a master key, and none is configured.
    case missingMasterKey
    /// The keys at hand are not the ones the database recorded.
    case differentKeys(source: Source, recorded: KeyFingerprints, found: KeyFingerprints)

    public var description: String {
        switch self {
        case .missingKeyFile(let path):
            return """
                there is no key file at \(path), and this database was written with the keys of a key file: new keys \
                would not match its tokens, webhook secrets and card-number hashes, so tapline serve makes none. \
                Restore the key file from a backup to \(path), or name where it is with --keys (TAPLINE_KEYS). \
                \(Self.notMadeAgain)
                """
        case .missingMasterKey:
            return """
                this database keeps the gateway's keys in it, sealed under a master key, and no master key is given: \
                start tapline serve with the master key this database was written with, in TAPLINE_MASTER_KEY or in \
                a file named by --master-key-file (TAPLINE_MASTER_KEY_FILE). \(Self.notMadeAgain)
                """
        case .differentKeys(.keyFile(let path), let recorded, let found):
            return """
                the key file \(path) holds other keys than the ones this database was written with \
                (\(Self.compared(recorded, found))): its tokens, webhook secrets and card-number hashes would no \
                longer match. Restore the key file this database was written with to \(path), or name it with \
                --keys (TAPLINE_KEYS).
                """
        case .differentKeys(.database, let recorded, let found):
            return """
                the keys sealed in this database are not the ones it was written with \
                (\(Self.compared(recorded, found))): its key set was replaced. Restore the database together with \
                its own key set (the key_sets table) from the same backup.
                """
        }
    }

    private static let notMadeAgain =
        "Keys cannot be made again: once lost, the data made with them (tokens, card-number hashes, webhook secrets) no longer matches."

    /// The fingerprints side by side, shortened: enough to tell which backup is the right one.
    private static func compared(_ recorded: KeyFingerprints, _ found: KeyFingerprints) -> String {
        func short(_ fingerprint: String) -> String { String(fingerprint.prefix(12)) }
        return "token-signing key fingerprint \(short(recorded.tokenSigningKey)) recorded, \(short(found.tokenSigningKey)) given; "
            + "PAN-hash key \(short(recorded.panHashKey)) recorded, \(short(found.panHashKey)) given"
    }
}
