import CardData
import Foundation

/// `--card-data tapline` (the default): opens the JWE Tapline's simulated reader seals to the
/// gateway's card-data key, with the binding from its protected header.
struct TaplineCardDataDecryptor: CardDataDecryptor {
    let keys: CardKeyRing

    /// The sealed data opened with the ring's keys. A key the ring does not know may be a new
    /// one from a rotation that another instance already hands out: read the keys once more.
    func decrypt(_ paymentCardData: String, context: CardDataContext) async throws -> DecryptedCardData {
        let opened = try await open(paymentCardData)
        return DecryptedCardData(read: opened.read, pin: opened.pin, binding: opened.binding)
    }

    private func open(_ paymentCardData: String) async throws -> OpenedCardData {
        do {
            return try SealedCardData.open(paymentCardData: paymentCardData, keys: await keys.ring)
        } catch .sealed(.unknownKey(let kid)) where !kid.isEmpty {
            guard try await keys.refresh() else { throw TapDataOpener.apiError(.sealed(.unknownKey(kid)), field: "paymentCardData") }
        } catch {
            throw TapDataOpener.apiError(error, field: "paymentCardData")
        }
        do {
            return try SealedCardData.open(paymentCardData: paymentCardData, keys: await keys.ring)
        } catch {
            throw TapDataOpener.apiError(error, field: "paymentCardData")
        }
    }
}
