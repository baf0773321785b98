import Foundation
import Storage

/// Remembers the read ids of sealed card data, inside the operation's phase-1 write, so a
/// payload is accepted once: a replay is refused and leaves nothing behind.
enum CardReadLedger {
    static func record(_ tap: TapProof, merchantId: String, at date: Date, in writer: any StoreWriter) async throws {
        do {
            try await writer.recordCardRead(id: tap.readId, merchantId: merchantId, at: date)
        } catch StoreError.duplicate {
            throw GatewayFailure.cardReadReplayed
        }
    }
}
