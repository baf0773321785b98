import Foundation
import PaymentCore

/// A dispute as the API, the webhook events and the SDK show it. Amounts are minor units of
/// `currency`.
public struct DisputeResource: Codable, Sendable, Equatable {
    public var id: String
    /// The disputed sale or authorization.
    public var paymentId: String
    /// The acquirer's case number.
    public var reference: String
    /// The card scheme's reason code ("10.4", "4837").
    public var reasonCode: String
    public var reason: String?
    public var amount: Int64
    public var currency: String
    /// `needsResponse`, `underReview`, `won`, `lost` or `accepted`.
    public var status: DisputeStatus
    /// The last moment the merchant can answer.
    public var respondBy: Date
    public var evidence: DisputeEvidenceResource?
    /// The `chargeback` transaction that took the amount back, once lost or accepted.
    public var chargebackId: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?

    public init(
        id: String, paymentId: String, reference: String, reasonCode: String, reason: String?, amount: Int64, currency: String,
        status: DisputeStatus, respondBy: Date, evidence: DisputeEvidenceResource?, chargebackId: String?, createdAt: Date,
        updatedAt: Date, closedAt: Date?
    ) {
        self.id = id
        self.paymentId = paymentId
        self.reference = reference
        self.reasonCode = reasonCode
        self.reason = reason
        self.amount = amount
        self.currency = currency
        self.status = status
        self.respondBy = respondBy
        self.evidence = evidence
        self.chargebackId = chargebackId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.closedAt = closedAt
    }
}

/// What the merchant submitted: the text and the files (their bytes at
/// `GET /v1/disputes/{id}/evidence/{fileId}`).
public struct DisputeEvidenceResource: Codable, Sendable, Equatable {
    public var text: String?
    public var submittedAt: Date
    public var files: [DisputeEvidenceFileResource]

    public init(text: String?, submittedAt: Date, files: [DisputeEvidenceFileResource]) {
        self.text = text
        self.submittedAt = submittedAt
        self.files = files
    }
}

public struct DisputeEvidenceFileResource: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var contentType: String
    /// Bytes.
    public var size: Int

    public init(id: String, name: String, contentType: String, size: Int) {
        self.id = id
        self.name = name
        self.contentType = contentType
        self.size = size
    }
}

/// `GET /v1/disputes`: one page, newest first, and the total number of matches.
public struct DisputeList: Codable, Sendable, Equatable {
    public var items: [DisputeResource]
    public var total: Int
    public var page: Int
    public var pageSize: Int

    public init(items: [DisputeResource], total: Int, page: Int, pageSize: Int) {
        self.items = items
        self.total = total
        self.page = page
        self.pageSize = pageSize
    }
}

/// `POST /v1/disputes/{id}/evidence`: text, files, or both (at least one).
public struct DisputeEvidenceRequest: Codable, Sendable, Equatable {
    public var text: String?
    public var files: [File]?

    /// One file, its bytes in standard base64.
    public struct File: Codable, Sendable, Equatable {
        public var name: String
        public var contentType: String
        public var data: String

        public init(name: String, contentType: String, data: String) {
            self.name = name
            self.contentType = contentType
            self.data = data
        }
    }

    public init(text: String? = nil, files: [File]? = nil) {
        self.text = text
        self.files = files
    }
}

/// `POST /v1/disputes/import`: what the file did, all of it or nothing.
public struct DisputeImportResult: Codable, Sendable, Equatable {
    /// Rows that opened a dispute.
    public var created: Int
    /// Rows that moved an existing dispute (by its reference).
    public var updated: Int
    /// Rows that said what was known already.
    public var unchanged: Int
    /// The disputes the file named, in its order.
    public var disputeIds: [String]

    public init(created: Int, updated: Int, unchanged: Int, disputeIds: [String]) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.disputeIds = disputeIds
    }
}
