import Foundation
import PaymentCore

// The changes of `StoreWriter`, with the same keys and references the SQL schemas enforce
// (primary keys, foreign keys to the merchant and the client), so a test that passes on
// memory does not fail on SQLite for a missing merchant.
extension MemoryStoreState {
    mutating func recordCardRead(id: String, merchantId: String, at date: Date) throws {
        guard cardReads[id] == nil else { throw StoreError.duplicate("card read \(id)") }
        try requireMerchant(merchantId, for: "card read \(id)")
        cardReads[id] = date
    }

    mutating func forgetCardReads(seenBefore cutoff: Date) {
        cardReads = cardReads.filter { $0.value >= cutoff }
    }

    mutating func insert(_ merchant: Merchant) throws {
        guard merchants[merchant.id] == nil else { throw StoreError.duplicate("merchant \(merchant.id)") }
        merchants[merchant.id] = merchant
    }

    mutating func update(_ merchant: Merchant) throws {
        guard merchants[merchant.id] != nil else { throw StoreError.notFound("merchant \(merchant.id)") }
        merchants[merchant.id] = merchant
    }

    mutating func insert(_ client: APIClient) throws {
        guard apiClients[client.id] == nil else { throw StoreError.duplicate("API client \(client.id)") }
        try requireMerchant(client.merchantId, for: "API client \(client.id)")
        try requireFreeIssuer(client)
        apiClients[client.id] = client
    }

    mutating func update(_ client: APIClient) throws {
        guard apiClients[client.id]?.merchantId == client.merchantId else {
            throw StoreError.notFound("API client \(client.id)")
        }
        try requireFreeIssuer(client)
        apiClients[client.id] = client
    }

    /// An integrator JWT issuer names one client (the SQL stores' unique index).
    private func requireFreeIssuer(_ client: APIClient) throws {
        guard let issuer = client.integratorJWT?.issuer else { return }
        if apiClients.values.contains(where: { $0.id != client.id && $0.integratorJWT?.issuer == issuer }) {
            throw StoreError.duplicate("API client \(client.id)")
        }
    }

    mutating func insert(_ token: RefreshToken) throws {
        guard refreshTokens[token.tokenHash] == nil else { throw StoreError.duplicate("refresh token") }
        try requireMerchant(token.merchantId, for: "refresh token")
        try requireClient(token.clientId, for: "refresh token")
        refreshTokens[token.tokenHash] = token
    }

    mutating func update(_ token: RefreshToken) throws {
        guard refreshTokens[token.tokenHash]?.merchantId == token.merchantId else {
            throw StoreError.notFound("refresh token")
        }
        try requireClient(token.clientId, for: "refresh token")
        refreshTokens[token.tokenHash] = token
    }

    mutating func revokeRefreshTokens(familyId: String) {
        for (hash, token) in refreshTokens where token.familyId == familyId {
            refreshTokens[hash]?.revoked = true
        }
    }

    mutating func insert(_ transaction: Transaction) throws {
        guard transactions[transaction.id] == nil else { throw StoreError.duplicate("transaction \(transaction.id)") }
        try requireMerchant(transaction.merchantId, for: "transaction \(transaction.id)")
        try countInBatch(transaction, sign: 1)
        transactions[transaction.id] = transaction
    }

    mutating func update(_ transaction: Transaction) throws {
        guard transactions[transaction.id]?.merchantId == transaction.merchantId else {
            throw StoreError.notFound("transaction \(transaction.id)")
        }
        if let old = transactions[transaction.id] { try countInBatch(old, sign: -1) }
        try countInBatch(transaction, sign: 1)
        transactions[transaction.id] = transaction
    }

    /// A member's movement in (1) or out (-1) of its batch's kept totals. A throw leaves the
    /// write's copy of the state half changed, which the write then discards.
    private mutating func countInBatch(_ row: Transaction, sign: Int64) throws {
        guard let batchId = row.batchId, let movement = row.batchMovement else { return }
        try batchTotals[batchId, default: BatchTotals()].add(movement, sign: sign)
    }

    mutating func insert(_ record: IdempotencyRecord) throws {
        let key = IdempotencyKey(merchantId: record.merchantId, key: record.key)
        guard idempotencyRecords[key] == nil else { throw StoreError.duplicate("idempotency key \(record.key)") }
        try requireMerchant(record.merchantId, for: "idempotency key \(record.key)")
        idempotencyRecords[key] = record
    }

    mutating func update(_ record: IdempotencyRecord) throws {
        let key = IdempotencyKey(merchantId: record.merchantId, key: record.key)
        guard idempotencyRecords[key] != nil else { throw StoreError.notFound("idempotency key \(record.key)") }
        idempotencyRecords[key] = record
    }

    mutating func deleteIdempotencyRecord(merchantId: String, key: String) {
        idempotencyRecords[IdempotencyKey(merchantId: merchantId, key: key)] = nil
    }

    mutating func insert(_ batch: Batch) throws {
        guard batches[batch.id] == nil else { throw StoreError.duplicate("batch \(batch.id)") }
        try requireMerchant(batch.merchantId, for: "batch \(batch.id)")
        // One open batch per merchant, as the SQL stores' unique index has it.
        if batch.closedAt == nil, openBatch(merchantId: batch.merchantId) != nil {
            throw StoreError.duplicate("open batch of merchant \(batch.merchantId)")
        }
        batches[batch.id] = batch
    }

    mutating func update(_ batch: Batch) throws {
        guard batches[batch.id]?.merchantId == batch.merchantId else { throw StoreError.notFound("batch \(batch.id)") }
        batches[batch.id] = batch
    }

    mutating func markSettled(batchId: String, merchantId: String, at date: Date) -> Int {
        var changed = 0
        for (id, row) in transactions where row.batchId == batchId && row.merchantId == merchantId && row.settledAt == nil {
            transactions[id]?.settledAt = date
            changed += 1
        }
        return changed
    }

    mutating func insert(_ device: Device) throws {
        let key = DeviceKey(merchantId: device.merchantId, deviceId: device.deviceId)
        guard devices[key] == nil else { throw StoreError.duplicate("device \(device.deviceId)") }
        try requireMerchant(device.merchantId, for: "device \(device.deviceId)")
        devices[key] = device
    }

    mutating func update(_ device: Device) throws {
        let key = DeviceKey(merchantId: device.merchantId, deviceId: device.deviceId)
        guard devices[key] != nil else { throw StoreError.notFound("device \(device.deviceId)") }
        devices[key] = device
    }

    func requireMerchant(_ id: String, for subject: String) throws {
        guard merchants[id] != nil else { throw StoreError.notFound("merchant \(id) referenced by \(subject)") }
    }

    private func requireClient(_ id: String, for subject: String) throws {
        guard apiClients[id] != nil else { throw StoreError.notFound("API client \(id) referenced by \(subject)") }
    }
}
