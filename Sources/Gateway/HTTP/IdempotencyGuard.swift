@preconcurrency import Crypto
import Foundation
import GatewayAPI
import HTTPTypes
import Hummingbird
import Storage

/// An `Idempotency-Key` this request holds. Phase 1 of an operation links the key to the
/// transaction it creates, in the same database transaction, so a crash between the phases
/// can be finished by recovery and the retry still gets the one true answer.
struct IdempotencyClaim: Sendable {
    let merchantId: String
    let key: String

    func link(transactionId: String, in writer: any StoreWriter) async throws {
        try await writer.linkIdempotencyRecord(merchantId: merchantId, key: key, transactionId: transactionId)
    }
}

/// Makes every mutating route safe to retry: same key and same request replays the stored
/// response; same key and another request is 422; a duplicate while the first runs is 409.
struct IdempotencyGuard: Sendable {
    static let maxKeyLength = 255
    static let replayedHeader = HTTPField.Name(APIHeader.idempotentReplayed)!
    let store: any Store
    let now: @Sendable () -> Date

    /// Runs `handler` under the request's key, else under `derivedKey` when the route has
    /// one (a compatibility route whose request identifies itself), else without a key.
    /// `storing` changes what is kept for replays (a response with a secret shown once keeps
    /// it out of the database); `format` is the API the route answers in, for recovery.
    func run(
        merchantId: String, request: Request, body: ByteBuffer, derivedKey: String? = nil, format: ResponseFormat = .v1,
        storing: (@Sendable (Data) throws -> Data)? = nil,
        _ handler: (IdempotencyClaim?) async throws -> (HTTPResponse.Status, Data)
    ) async throws -> Response {
        guard let key = request.headers[HTTPField.Name(APIHeader.idempotencyKey)!] ?? derivedKey else {
            let (status, data) = try await handler(nil)
            return JSONCoding.response(status, data: data)
        }
        guard !key.isEmpty, key.count <= Self.maxKeyLength else {
            throw GatewayError.invalid(APIHeader.idempotencyKey, "Idempotency-Key must be 1 to \(Self.maxKeyLength) characters")
        }
        let hash = Self.requestHash(method: request.method.rawValue, path: request.uri.path, body: body)
        let claim = IdempotencyClaim(merchantId: merchantId, key: key)
        if let replay = try await begin(claim, requestHash: hash, format: format) {
            return JSONCoding.response(HTTPResponse.Status(code: replay.status), data: replay.body, extraHeaders: [Self.replayedHeader: "true"])
        }
        do {
            let (status, data) = try await handler(claim)
            try await complete(claim, status: status.code, body: try storing?(data) ?? data)
            return JSONCoding.response(status, data: data)
        } catch {
            // An anticipated error is the request's answer, kept as the envelope middleware
            // will render it.
            let answer = try GatewayError.canonical(error).map { ($0.status.code, try JSONCoding.encoder.encode(ErrorEnvelope(error: $0.body))) }
            try await settle(claim, afterError: answer)
            throw error
        }
    }

    private func begin(_ claim: IdempotencyClaim, requestHash: String, format: ResponseFormat) async throws -> (status: Int, body: Data)? {
        do {
            return try await claimOrReplay(claim, requestHash: requestHash, format: format)
        } catch StoreError.duplicate(_) {
            // Another gateway instance inserted the key between this write's look and its
            // insert (several instances on one PostgreSQL database): its row is committed
            // now, so a second look answers as that row says (replay, mismatch, in progress).
            do {
                return try await claimOrReplay(claim, requestHash: requestHash, format: format)
            } catch StoreError.duplicate(_) {
                throw Self.inUse
            }
        }
    }

    private func claimOrReplay(
        _ claim: IdempotencyClaim, requestHash: String, format: ResponseFormat
    ) async throws -> (status: Int, body: Data)? {
        let now = now()
        return try await store.write { writer -> (status: Int, body: Data)? in
            if let existing = try await writer.idempotencyRecord(merchantId: claim.merchantId, key: claim.key) {
                guard existing.requestHash == requestHash else {
                    throw GatewayError(.unprocessableContent, .idempotencyKeyMismatch,
                                       "this Idempotency-Key was used with a different request; use a new key for a new request")
                }
                guard existing.state == .completed, let status = existing.responseStatus, let body = existing.responseBody else {
                    throw Self.inUse
                }
                return (status, body)
            }
            try await writer.insert(IdempotencyRecord(
                merchantId: claim.merchantId, key: claim.key, requestHash: requestHash, createdAt: now, responseFormat: format.rawValue))
            return nil
        }
    }

    private static var inUse: GatewayError {
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
        hasher.update(data: Data(buffer: body))
        return Data(hasher.finalize()).hexString
    }
}
