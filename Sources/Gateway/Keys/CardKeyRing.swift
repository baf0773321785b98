import CardData
import Logging

/// The card-data keys a running gateway puts in reader tokens and opens taps with.
///
/// When the keys live in the database (a master key is configured), `tapline keys
/// rotate-card-key` changes them under running instances. Each instance then takes the new
/// ring without a restart: the job scheduler reads the stored set every round, and a tap
/// sealed to a key this instance has not seen yet (another instance already hands it out)
/// makes it read the set at once. Without a database key set the ring never changes.
public actor CardKeyRing {
    /// Reads the stored key set: its card-data ring and version, nil when there is none.
    public typealias Reload = @Sendable () async throws -> (ring: OpeningKeyRing, version: Int)?

    /// The keys in use: the current one goes into reader tokens; both open taps.
    public private(set) var ring: OpeningKeyRing
    /// The version of the stored set the ring came from (0 when it is not from the database).
    public private(set) var version: Int
    private let reload: Reload?
    private let logger: Logger?

    public init(_ ring: OpeningKeyRing, version: Int = 0, reload: Reload? = nil, logger: Logger? = nil) {
        self.ring = ring
        self.version = version
        self.reload = reload
        self.logger = logger
    }

    /// Reads the stored set and takes its ring when it is newer than this one. True when the
    /// ring changed. Two refreshes at once are harmless: an older read never replaces a newer one.
    @discardableResult
    public func refresh() async throws -> Bool {
        guard let reload, let stored = try await reload(), stored.version > version else { return false }
        ring = stored.ring
        version = stored.version
        logger?.notice("the card-data keys changed in the database: reader tokens now carry the new key",
                       metadata: ["keyId": "\(stored.ring.current.keyId)", "version": "\(stored.version)"])
        return true
    }
}
