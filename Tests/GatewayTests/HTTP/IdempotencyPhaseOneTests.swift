import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentCore
import Storage
import Testing

/// A payment route's key is made by its phase 1 (``IdempotencyClaim``), after a look that
/// found it free. These tests put another request's record under the key between the look
/// and phase 1, as a request racing on another connection or instance would, and check the
/// answer is the one that request's record gives, with nothing of this request written.
@Suite("Idempotency-Key made in phase 1")
struct IdempotencyPhaseOneTests {
    static let merchantId = "merchant-1"
    static let key = "order-7"
    static let path = "/v1/transactions/sale"
    static let body = ByteBuffer(string: #"{"amount":1200}"#)
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func request(body: ByteBuffer = body) -> Request {
        let head = HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: path,
                               headerFields: [HTTPField.Name(APIHeader.idempotencyKey)!: key])
        return Request(head: head, body: RequestBody(buffer: body))
    }

    /// A store with the merchant whose keys these are.
    static func store() async throws -> MemoryStore {
        let store = MemoryStore()
        try await store.write { try await $0.insert(Merchant(id: merchantId, name: "Shop", createdAt: now)) }
        return store
    }

    /// A response's body, as a client would read it.
    static func text(of response: Response) async throws -> String {
        let box = LockedBox(Data())
        try await response.body.write(Collecting(box: box))
        return String(decoding: box.withLock { $0 }, as: UTF8.self)
    }

    private struct Collecting: ResponseBodyWriter {
        let box: LockedBox<Data>
        mutating func write(_ buffer: ByteBuffer) async throws { box.withLock { $0.append(contentsOf: buffer.readableBytesView) } }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    static func record(hash: String, state: IdempotencyRecord.State, answer: String? = nil) -> IdempotencyRecord {
        IdempotencyRecord(
            merchantId: merchantId, key: key, requestHash: hash, state: state, responseStatus: answer == nil ? nil : 201,
            responseBody: answer.map { Data($0.utf8) }, transactionId: "other-payment", createdAt: now)
    }

    /// Runs a payment route's guard whose handler finds `taken` under the key when its phase 1 links it.
    static func run(finding taken: @escaping @Sendable (String) -> IdempotencyRecord, store: MemoryStore) async throws -> Response {
        let guarding = IdempotencyGuard(store: store, now: { now })
        return try await guarding.run(merchantId: merchantId, request: request(), body: body, claimsInPhaseOne: true) { claim in
            let claim = try #require(claim)
            try await store.write { try await $0.insert(taken(claim.requestHash)) }
            try await store.write { writer in
                try await claim.link(transactionId: "this-payment", in: writer)
                Issue.record("phase 1 went on with the key taken")
            }
            return (.created, Data())
        }
    }

    @Test func aKeyFinishedMeanwhileByTheSameRequestIsReplayed() async throws {
        let store = try await Self.store()
        let response = try await Self.run(finding: { Self.record(hash: $0, state: .completed, answer: #"{"id":"other-payment"}"#) }, store: store)
        #expect(response.status == .created)
        #expect(response.headers[HTTPField.Name(APIHeader.idempotentReplayed)!] == "true")
        #expect(try await Self.text(of: response) == #"{"id":"other-payment"}"#)
        let kept = try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
        #expect(kept?.transactionId == "other-payment", "the other request's record is left as it was")
    }

    @Test func aKeyRunningMeanwhileIs409AndLeftToItsRequest() async throws {
        let store = try await Self.store()
        await #expect {
            _ = try await Self.run(finding: { Self.record(hash: $0, state: .inProgress) }, store: store)
        } throws: { error in
            (error as? GatewayError)?.body.code == APIErrorCode.idempotencyKeyInUse.rawValue
        }
        let kept = try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
        #expect(kept?.state == .inProgress && kept?.transactionId == "other-payment", "not settled as this request's")
    }

    @Test func aKeyTakenMeanwhileByAnotherRequestIs422() async throws {
        let store = try await Self.store()
        await #expect {
            _ = try await Self.run(finding: { _ in Self.record(hash: "another request", state: .completed, answer: "{}") }, store: store)
        } throws: { error in
            (error as? GatewayError)?.body.code == APIErrorCode.idempotencyKeyMismatch.rawValue
        }
    }

    @Test func aFreeKeyIsMadeLinkedByPhaseOneWithTheRoutesFormat() async throws {
        let store = try await Self.store()
        let guarding = IdempotencyGuard(store: store, now: { Self.now })
        let response = try await guarding.run(
            merchantId: Self.merchantId, request: Self.request(), body: Self.body, format: .halo, claimsInPhaseOne: true
        ) { claim in
            let claim = try #require(claim)
            let before = try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
            #expect(before == nil, "the look made nothing")
            try await store.write { try await claim.link(transactionId: "this-payment", in: $0) }
            let linked = try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
            #expect(linked?.transactionId == "this-payment" && linked?.state == .inProgress && linked?.responseFormat == "halo")
            #expect(linked?.requestHash == claim.requestHash && linked?.createdAt == Self.now)
            return (.created, Data("answer".utf8))
        }
        #expect(response.status == .created)
        let kept = try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
        #expect(kept?.state == .completed && kept?.responseBody == Data("answer".utf8), "the guard kept the answer phase 3 did not")
    }

    @Test func aRefusalBeforePhaseOneLeavesNoRecord() async throws {
        let store = try await Self.store()
        let guarding = IdempotencyGuard(store: store, now: { Self.now })
        await #expect(throws: GatewayError.self) {
            _ = try await guarding.run(merchantId: Self.merchantId, request: Self.request(), body: Self.body, claimsInPhaseOne: true) { _ in
                throw GatewayError.invalid("amount", "amount must be positive")
            }
        }
        #expect(try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) } == nil)
    }

    @Test func anAnswerWithoutAnOperationIsKeptButNeverOverAnotherRequests() async throws {
        let store = try await Self.store()
        let guarding = IdempotencyGuard(store: store, now: { Self.now })
        _ = try await guarding.run(merchantId: Self.merchantId, request: Self.request(), body: Self.body, claimsInPhaseOne: true) { _ in
            (.created, Data("declined, nothing made".utf8))
        }
        let kept = try await store.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
        #expect(kept?.state == .completed && kept?.responseBody == Data("declined, nothing made".utf8) && kept?.transactionId == nil)

        let other = try await Self.store()
        _ = try await IdempotencyGuard(store: other, now: { Self.now }).run(
            merchantId: Self.merchantId, request: Self.request(), body: Self.body, claimsInPhaseOne: true
        ) { claim in
            // Another request with the key keeps its answer while this one runs.
            let hash = try #require(claim).requestHash
            try await other.write { try await $0.insert(Self.record(hash: hash, state: .completed, answer: "theirs")) }
            return (.created, Data("ours".utf8))
        }
        let theirs = try await other.read { try await $0.idempotencyRecord(merchantId: Self.merchantId, key: Self.key) }
        #expect(theirs?.responseBody == Data("theirs".utf8))
    }
}
