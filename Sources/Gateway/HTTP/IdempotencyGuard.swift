@preconcurrency import Crypto
import Foundation
import GatewayAPI
import HTTPTypes
import Hummingbird
import Storage

/// Makes every mutating route safe to retry: same key and same request replays the stored
/// response; same key and another request is 422; a duplicate while the first runs is 409.
struct IdempotencyGuard: Sendable {
    static let maxKeyLength = 255
    static let replayedHeader = HTTPField.Name(APIHeader.idempotentReplayed)!
    let store: any Store
    let now: @Sendable () -> Date

    /// Runs `handler` under the request's key, else under the key `derivedKey` makes from the
    /// request's hash when the route has one (a compatibility route whose request identifies
    /// itself), else without a key.
    /// `storing` changes what is kept for replays (a response with a secret shown once keeps
    /// it out of the database); `format` is the API the route answers in, for recovery.
    /// `claimsInPhaseOne`: a payment route, whose phase 1 makes the key's record
    /// (``IdempotencyClaim``); the key is only looked up before the handler.
    func run(
        merchantId: String, request: Request, body: ByteBuffer, derivedKey: ((_ requestHash: String) async throws -> String?)? = nil,
        format: ResponseFormat = .v1,
        storing: (@Sendable (Data) throws -> Data)? = nil, claimsInPhaseOne: Bool = false,
        _ handler: (IdempotencyClaim?) async throws -> (HTTPResponse.Status, Data)
    ) async throws -> Response {
        let sent = request.headers[HTTPField.Name(APIHeader.idempotencyKey)!]
        guard sent != nil || derivedKey != nil else {
            let (status, data) = try await handler(nil)
            return JSONCoding.response(status, data: data)
        }
        // Hashed once: a derived key is made from it too.
        let requestHash = Self.requestHash(method: request.method.rawValue, path: request.uri.path, body: body)
        var derived: String?
        if sent == nil { derived = try await derivedKey?(requestHash) }
        guard let key = sent ?? derived else {
            let (status, data) = try await handler(nil)
            return JSONCoding.response(status, data: data)
        }
        guard !key.isEmpty, key.count <= Self.maxKeyLength else {
            throw GatewayError.invalid(APIHeader.idempotencyKey, "Idempotency-Key must be 1 to \(Self.maxKeyLength) characters")
        }
        let claim = IdempotencyClaim(
            merchantId: merchantId, key: key, requestHash: requestHash, format: format, createdAt: now(), claimedInPhaseOne: claimsInPhaseOne)
        switch try await run(claim, storing: storing, handler) {
        case .answered(let status, let data): return JSONCoding.response(status, data: data)
        case .replayed(let status, let body): return Self.replay((status, body))
        }
    }

    /// What running under a key gave: the handler's own answer, or the key's earlier one.
    enum Outcome {
        case answered(HTTPResponse.Status, Data)
        case replayed(status: Int, body: Data)
    }

    /// Runs `handler` under `claim`'s key, or gives the answer already kept under it (a 422
    /// for another request, a 409 while the first still runs). The dashboard's forms come
    /// here with a key and hash of their own.
    func run(
        _ claim: IdempotencyClaim, storing: (@Sendable (Data) throws -> Data)? = nil,
        _ handler: (IdempotencyClaim?) async throws -> (HTTPResponse.Status, Data)
    ) async throws -> Outcome {
        if let replay = try await (claim.claimedInPhaseOne ? look(claim) : begin(claim)) {
            return .replayed(status: replay.status, body: replay.body)
        }
        do {
            let (status, data) = try await handler(claim)
            try await finish(claim, status: status, data: data, storing: storing)
            return .answered(status, data)
        } catch let replay as IdempotencyReplay {
            // Phase 1 found the key taken by a request that finished meanwhile.
            return .replayed(status: replay.status, body: replay.body)
        } catch {
            // An anticipated error is the request's answer, kept as the envelope middleware
            // will render it. A key phase 1 never made is not this request's to settle.
            if !claim.claimedInPhaseOne || claim.progress.linked {
                let answer = try GatewayError.canonical(error).map { ($0.status.code, try JSONCoding.encoder.encode(ErrorEnvelope(error: $0.body))) }
                try await settle(claim, afterError: answer)
            }
            throw error
        }
    }

    /// The answer a record already under the key gives this request: its stored answer to
    /// replay; a 422 when it was another request; a 409 while it runs.
    static func answer(of existing: IdempotencyRecord, requestHash: String) throws -> (status: Int, body: Data) {
        guard existing.requestHash == requestHash else {
            throw GatewayError(.unprocessableContent, .idempotencyKeyMismatch,
                               "this Idempotency-Key was used with a different request; use a new key for a new request")
        }
        guard existing.state == .completed, let status = existing.responseStatus, let body = existing.responseBody else {
            throw Self.inUse
        }
        return (status, body)
    }

    private static func replay(_ answer: (status: Int, body: Data)) -> Response {
        JSONCoding.response(HTTPResponse.Status(code: answer.status), data: answer.body, extraHeaders: [Self.replayedHeader: "true"])
    }

    /// A payment route's look before its handler: the key's answer if a request with it came
    /// before; nil when the key is free (phase 1 makes its record, or finds it taken then).
    private func look(_ claim: IdempotencyClaim) async throws -> (status: Int, body: Data)? {
        guard let existing = try await store.readOne({ try await $0.idempotencyRecord(merchantId: claim.merchantId, key: claim.key) }) else {
            return nil
        }
        return try Self.answer(of: existing, requestHash: claim.requestHash)
    }

    /// Keeps the handler's answer as the key's, unless phase 3 kept exactly it already.
    private func finish(_ claim: IdempotencyClaim, status: HTTPResponse.Status, data: Data, storing: (@Sendable (Data) throws -> Data)?) async throws {
        if storing == nil, let kept = claim.progress.keptAnswer, kept.status == status, kept.body == data { return }
        guard !claim.claimedInPhaseOne || claim.progress.linked else {
            // A payment route that answered without starting an operation (a Halo decline for
            // a provider never reached): its answer becomes the key's, unless another
            // request's already is.
            try await keepUnlinked(claim, status: status.code, body: data)
            return
        }
        try await complete(claim, status: status.code, body: try storing?(data) ?? data)
    }

    private func keepUnlinked(_ claim: IdempotencyClaim, status: Int, body: Data) async throws {
        do {
            try await store.write { writer in
                guard try await writer.idempotencyRecord(merchantId: claim.merchantId, key: claim.key) == nil else { return }
                try await writer.insert(IdempotencyRecord(
                    merchantId: claim.merchantId, key: claim.key, requestHash: claim.requestHash, state: .completed, responseStatus: status,
                    responseBody: body, createdAt: claim.createdAt, responseFormat: claim.format.rawValue))
            }
        } catch StoreError.duplicate(_) {
            // Another instance's request with this key kept its answer first.
        }
    }

    private func begin(_ claim: IdempotencyClaim) async throws -> (status: Int, body: Data)? {
        do {
            return try await claimOrReplay(claim)
        } catch StoreError.duplicate(_) {
            // Another gateway instance inserted the key between this write's look and its
            // insert (several instances on one PostgreSQL database): its row is committed
            // now, so a second look answers as that row says (replay, mismatch, in progress).
            do {
                return try await claimOrReplay(claim)
            } catch StoreError.duplicate(_) {
                throw Self.inUse
            }
        }
    }

    private func claimOrReplay(_ claim: IdempotencyClaim) async throws -> (status: Int, body: Data)? {
        try await store.write { writer -> (status: Int, body: Data)? in
            if let existing = try await writer.idempotencyRecord(merchantId: claim.merchantId, key: claim.key) {
                return try Self.answer(of: existing, requestHash: claim.requestHash)
            }
            try await writer.insert(IdempotencyRecord(
                merchantId: claim.merchantId, key: claim.key, requestHash: claim.requestHash, createdAt: claim.createdAt,
                responseFormat: claim.format.rawValue))
            return nil
        }
    }

    static var inUse: GatewayError {
        GatewayError(.conflict, .idempotencyKeyInUse, "a request with this Idempotency-Key is still in progress; retry shortly")
    }

    private func complete(_ claim: IdempotencyClaim, status: Int, body: Data) async throws {
        try await store.write { writer in
            try await writer.completeIdempotencyRecord(merchantId: claim.merchantId, key: claim.key, responseStatus: status, responseBody: body)
        }
    }

    /// After the handler failed. Before phase 1 nothing happened: the key is freed. After it,
    /// a known error is the request's answer and is kept for replay; an unknown one leaves
    /// the key in progress for the recovery job to finish with the operation's outcome.
    private func settle(_ claim: IdempotencyClaim, afterError answer: (status: Int, body: Data)?) async throws {
        try await store.write { writer in
            guard var record = try await writer.idempotencyRecord(merchantId: claim.merchantId, key: claim.key) else { return }
            guard record.transactionId != nil else {
                try await writer.deleteIdempotencyRecord(merchantId: claim.merchantId, key: claim.key)
                return
            }
            guard let answer else { return }
            record.state = .completed
            record.responseStatus = answer.status
            record.responseBody = answer.body
            try await writer.update(record)
        }
    }

    static func requestHash(method: String, path: String, body: ByteBuffer) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(method) \(path)\n".utf8))
        body.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        return Data(hasher.finalize()).hexString
    }
}
