import Foundation
import GatewayAPI

/// Follows a merchant's events through `GET /v1/events` (newest first, paged by number), as
/// `tapline webhooks listen` does: each ``poll()`` answers the events not seen before, oldest
/// first, each once.
///
/// Why no event is skipped or repeated: every poll reads the whole window of events created
/// since the newest seen less ``overlap`` (the `from` filter), page after page until a short
/// page. An event that commits while the pages are read pushes older ones down a page, so
/// they show twice, never not at all; the ids seen in the window drop the repeats. The
/// overlap takes in an event that committed after a newer one (its time was taken earlier in
/// its write) or on another instance whose clock is a little behind.
public struct WebhookEventFollower: Sendable {
    /// One page of the event list: page number, page size, and the inclusive lower bound of `createdAt`.
    public typealias Fetch = @Sendable (_ page: Int, _ pageSize: Int, _ from: Date?) async throws -> WebhookEventList

    public static let defaultOverlap: TimeInterval = 30
    let fetch: Fetch
    let pageSize: Int
    let overlap: TimeInterval
    /// The ids seen whose `createdAt` is still inside the window, with that time.
    private(set) var seen: [String: Date] = [:]
    /// The newest `createdAt` seen; nil while the merchant has no event.
    private(set) var newest: Date?

    public init(pageSize: Int = 100, overlap: TimeInterval = defaultOverlap, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.pageSize = pageSize
        self.overlap = overlap
    }

    /// Takes every event that exists now as seen, so that polls answer only later ones.
    /// Its first request is also the check that the gateway answers and the credentials hold.
    public mutating func skipExisting() async throws {
        // The newest event sets the window, so only its last ``overlap`` is read, not all history.
        newest = try await fetch(0, 1, nil).items.first?.createdAt
        _ = try await poll()
    }

    /// The events created since the last poll, oldest first, each once. The API's times are
    /// whole seconds, so events of one second come by id, not in the order they were made.
    public mutating func poll() async throws -> [WebhookEventPayload] {
        // Whole seconds, rounded down, so the bound the gateway reads is the one pruned by below.
        let from = newest.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 - overlap).rounded(.down)) }
        var fresh: [WebhookEventPayload] = []
        var page = 0
        while true {
            let list = try await fetch(page, pageSize, from)
            for event in list.items where seen[event.id] == nil {
                seen[event.id] = event.createdAt
                fresh.append(event)
            }
            if list.items.count < pageSize { break }
            page += 1
        }
        if let latest = fresh.map(\.createdAt).max(), latest > newest ?? .distantPast { newest = latest }
        // An event older than this poll's bound cannot be in a later window, whose bound is no earlier.
        if let from { seen = seen.filter { $0.value >= from } }
        return fresh.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
}
