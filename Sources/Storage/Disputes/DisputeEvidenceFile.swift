import Foundation

/// A file the merchant gave as evidence for a dispute (a receipt, a delivery proof), kept as
/// its bytes with the name and media type it came with.
public struct DisputeEvidenceFile: Sendable, Equatable {
    public var id: String
    public var disputeId: String
    public var merchantId: String
    public var name: String
    public var contentType: String
    public var data: Data
    /// Its place among the files submitted together (from 0): lists keep the merchant's order.
    public var position: Int
    public var createdAt: Date

    public init(
        id: String, disputeId: String, merchantId: String, name: String, contentType: String, data: Data, position: Int, createdAt: Date
    ) {
        self.id = id
        self.disputeId = disputeId
        self.merchantId = merchantId
        self.name = name
        self.contentType = contentType
        self.data = data
        self.position = position
        self.createdAt = createdAt
    }
}
