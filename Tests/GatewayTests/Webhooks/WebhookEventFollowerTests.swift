import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// ``WebhookEventFollower`` over an event list that changes while it is read: each event is
/// answered once, oldest first, none from before ``WebhookEventFollower/skipExisting()``.
@Suite("Webhook event follower")
struct WebhookEventFollowerTests {
    /// `GET /v1/events` in memory: newest first (ties by id, descending), `from` inclusive,
    /// pages by offset. `betweenPages` runs before every page after the first, as a commit
    /// landing between two requests.
    final class EventList: Sendable {
        let events = Locked<[WebhookEventPayload]>([])
        let betweenPages = Locked<(@Sendable (EventList) -> Void)?>(nil)
        let requests = Locked(0)

        func add(_ id: String, at seconds: TimeInterval) {
            let event = WebhookEventPayload(id: id, type: "transaction.captured", createdAt: Date(timeIntervalSince1970: seconds), data: .init())
            events.withLock { $0.append(event) }
        }

        func page(_ page: Int, _ size: Int, _ from: Date?) -> WebhookEventList {
            requests.withLock { $0 += 1 }
            if page > 0, let hook = betweenPages.withLock({ $0 }) { hook(self) }
            let matching = events.withLock { $0 }.filter { event in from.map { event.createdAt >= $0 } ?? true }
                .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            let items = Array(matching.dropFirst(page * size).prefix(size))
            return WebhookEventList(items: items, total: matching.count, page: page, pageSize: size)
        }
    }

    static func follower(_ list: EventList, pageSize: Int = 3) -> WebhookEventFollower {
        WebhookEventFollower(pageSize: pageSize) { page, size, from in list.page(page, size, from) }
    }

    @Test func existingEventsAreSkippedAndNewOnesComeOnceOldestFirst() async throws {
        let list = EventList()
        for index in 0..<10 { list.add("evt_old\(index)", at: 1_000 + Double(index)) }
        var follower = Self.follower(list)
        try await follower.skipExisting()
        #expect(try await follower.poll().isEmpty)
        for index in 0..<7 { list.add("evt_new\(index)", at: 1_010 + Double(index)) }
        #expect(try await follower.poll().map(\.id) == (0..<7).map { "evt_new\($0)" })
        #expect(try await follower.poll().isEmpty)
    }

    @Test func eventsCommittedWhileThePagesAreReadAreNeitherSkippedNorRepeated() async throws {
        let list = EventList()
        var follower = Self.follower(list)
        try await follower.skipExisting()
        for index in 0..<8 { list.add(String(format: "evt_a%02d", index), at: 2_000 + Double(index)) }
        // Each page after the first finds two newer events on top, pushing the rest down.
        let counter = Locked(0)
        list.betweenPages.withLock {
            $0 = { list in
                let batch = counter.withLock { value -> Int in value += 1; return value }
                guard batch <= 3 else { return }
                list.add("evt_b\(batch)x", at: 2_100 + Double(batch))
                list.add("evt_b\(batch)y", at: 2_100 + Double(batch))
            }
        }
        var seen: [String] = []
        for _ in 0..<3 { seen += try await follower.poll().map(\.id) }
        let all = list.events.withLock { $0 }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(\.id)
        #expect(seen == all, "every event once, oldest first")
    }

    @Test func anOlderEventThatCommitsLateWithinTheOverlapIsStillAnswered() async throws {
        let list = EventList()
        list.add("evt_first", at: 3_000)
        var follower = Self.follower(list)
        try await follower.skipExisting()
        list.add("evt_newer", at: 3_020)
        #expect(try await follower.poll().map(\.id) == ["evt_newer"])
        // Its time was taken before evt_newer's, its commit came after the poll.
        list.add("evt_late", at: 3_010)
        #expect(try await follower.poll().map(\.id) == ["evt_late"])
        #expect(try await follower.poll().isEmpty)
    }

    @Test func aMerchantWithoutEventsGetsItsFirstOnes() async throws {
        let list = EventList()
        var follower = Self.follower(list)
        try await follower.skipExisting()
        list.add("evt_1", at: 4_000)
        list.add("evt_2", at: 4_001)
        #expect(try await follower.poll().map(\.id) == ["evt_1", "evt_2"])
    }
}
