import Foundation
import Logging
import Storage

/// The keys each API client registered for its JWTs: parsed from its PEM blocks, or fetched
/// from its JWKS URL and kept for ``JWKSPolicy/refreshAfter``. An unknown `kid` fetches the
/// JWKS again (a rotated key), and so does age, but never more than once per client in
/// ``JWKSPolicy/minimumRefetchInterval``. When a fetch fails, keys fetched before stay in use.
actor IntegratorKeyCache {
    /// What looking up a key found.
    enum Lookup: Sendable {
        case found(IntegratorKey)
        case unknownKey
        /// The JWKS could not be fetched and no keys are kept from before.
        case unavailable
    }

    private struct Entry {
        var url: URL
        var keys: [IntegratorKey]?
        var fetchedAt: Date?
        var lastAttempt: Date
    }

    private let fetcher: any JWKSFetching
    private let policy: JWKSPolicy
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var entries: [String: Entry] = [:]
    private var inFlight: [String: Task<Void, Never>] = [:]

    init(fetcher: any JWKSFetching, policy: JWKSPolicy, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.fetcher = fetcher
        self.policy = policy
        self.now = now
        self.logger = logger
    }

    /// The key `keyId` of `client`'s registration.
    func key(_ keyId: String, of client: APIClient, settings: IntegratorJWTSettings) async -> Lookup {
        if let url = settings.jwksURL.flatMap(JWKSPolicy.jwksURL) {
            return await jwksKey(keyId, clientId: client.id, url: url)
        }
        let keys = settings.publicKeysPEM.compactMap { try? IntegratorKey.key(fromPEMBlock: $0) }
        return keys.first { $0.keyId == keyId }.map(Lookup.found) ?? .unknownKey
    }

    private func jwksKey(_ keyId: String, clientId: String, url: URL) async -> Lookup {
        var entry = entries[clientId]
        if entry?.url != url { entry = nil }
        let stale = entry?.fetchedAt.map { now().timeIntervalSince($0) >= policy.refreshAfter } ?? true
        if stale { entry = await refresh(clientId: clientId, url: url, entry: entry) }
        guard let keys = entry?.keys else { return .unavailable }
        if let key = keys.first(where: { $0.keyId == keyId }) { return .found(key) }
        // A kid the cached set lacks: perhaps a key rotated in since.
        entry = await refresh(clientId: clientId, url: url, entry: entry)
        return entry?.keys?.first { $0.keyId == keyId }.map(Lookup.found) ?? .unknownKey
    }

    /// The entry after a fetch, when the rate limit allows one; concurrent askers share it.
    private func refresh(clientId: String, url: URL, entry: Entry?) async -> Entry? {
        if let running = inFlight[clientId] {
            await running.value
            return entries[clientId]
        }
        let started = now()
        if let entry, started.timeIntervalSince(entry.lastAttempt) < policy.minimumRefetchInterval { return entry }
        var attempt = entry ?? Entry(url: url, keys: nil, fetchedAt: nil, lastAttempt: started)
        attempt.lastAttempt = started
        entries[clientId] = attempt
        let task = Task { await self.fetch(clientId: clientId, url: url) }
        inFlight[clientId] = task
        await task.value
        inFlight[clientId] = nil
        return entries[clientId]
    }

    /// Fetches the JWKS and keeps its keys; on failure the keys from before stay.
    private func fetch(clientId: String, url: URL) async {
        do {
            let data = try await fetcher.fetch(url, timeout: policy.fetchTimeout, maxBytes: policy.maxBodyBytes)
            guard let keys = IntegratorKey.keys(fromJWKS: data) else {
                logger.warning("integrator JWKS is not a JWK set", metadata: ["client_id": "\(clientId)", "url": "\(url)"])
                return
            }
            entries[clientId]?.keys = keys
            entries[clientId]?.fetchedAt = now()
        } catch {
            logger.warning("integrator JWKS fetch failed", metadata: ["client_id": "\(clientId)", "url": "\(url)", "error": "\(error)"])
        }
    }
}
