import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

extension Store {
    /// Inserts merchants and transactions in one write.
    func seed(merchants: [String] = ["m_1", "m_2"], transactions: [Transaction] = []) async throws {
        try await write { writer in
            for (offset, id) in merchants.enumerated() {
                try await writer.insert(Fixtures.merchant(id: id, name: "Merchant \(id)", createdAt: Fixtures.minutes(Int64(offset))))
            }
            for transaction in transactions {
                try await writer.insert(transaction)
            }
        }
    }
}

/// Expects `body` to throw a ``StoreError`` of the given kind.
func expectStoreError(
    _ kind: StoreError.Kind, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected StoreError.\(kind), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected StoreError.\(kind), got \(error)", sourceLocation: sourceLocation)
    }
}

/// An error a write body throws on purpose.
struct DeliberateFailure: Error, Equatable {}
