@preconcurrency import Crypto
import Foundation

/// The two fields a reader sends after a tap, as Apple's `PaymentCardReadResult` names them:
/// `generalCardData` (base64 TLV, nothing sensitive) and `paymentCardData` (base64 of a
/// compact JWE sealed to the gateway's card-data key, holding the ``CardRead`` as TLV).
public struct SealedCardData: Sendable, Equatable {
    public var generalCardData: String
    public var paymentCardData: String

    public init(generalCardData: String, paymentCardData: String) {
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
    }

    /// Reader side: seals `read` to the gateway's key, bound to the key's ``ReaderBinding``
    /// when it has one (a key from a reader token always does). With a `pin`, the payload carries it
    /// as an ISO 9564 format 4 PIN block enciphered under this payload's own PIN key, so
    /// the PIN is bound to this one sealed payload.
    public static func seal(_ read: CardRead, general: GeneralCardData, pin: PIN? = nil, to key: SealingKey) throws -> SealedCardData {
        var read = read
        let session = CompactJWE.begin(to: key)
        if let pin {
            read.pinBlock = try PINBlockFormat4.encipher(pin: pin, pan: read.pan, key: session.pinKey)
        }
        let compact = try session.seal(read.tlvList().encoded, extraHeader: key.binding?.headerFields ?? [:])
        return SealedCardData(
            generalCardData: general.tlvList().encoded.base64EncodedString(),
            paymentCardData: Data(compact.utf8).base64EncodedString())
    }
}

/// What the gateway learns from opening ``SealedCardData``.
public struct OpenedCardData: Sendable {
    public var read: CardRead
    /// The PIN deciphered from the read's PIN block; it exists only in memory.
    public var pin: PIN?
    /// The card-data key that opened it.
    public var keyId: String
    /// The merchant and device of the reader token it was sealed under; nil when the
    /// payload names none.
    public var binding: ReaderBinding?
}

extension SealedCardData {
    /// Gateway side: base64 → compact JWE → opened with `keys` → TLV → ``CardRead``, and
    /// the PIN block, if any, deciphered with the payload's PIN key.
    public static func open(paymentCardData: String, keys: OpeningKeyRing) throws(CardReadError) -> OpenedCardData {
        guard let bytes = Data(base64Encoded: paymentCardData), let compact = String(data: bytes, encoding: .utf8) else {
            throw .notBase64(field: "paymentCardData")
        }
        let opened: OpenedJWE
        do {
            opened = try CompactJWE.open(compact, keys: keys)
        } catch {
            throw .sealed(error)
        }
        let list: TLVList
        do {
            list = try TLVList(decoding: opened.plaintext)
        } catch {
            throw .tlv(field: "paymentCardData", error)
        }
        let read = try CardRead(tlv: list)
        var pin: PIN?
        if let block = read.pinBlock {
            do {
                pin = try PINBlockFormat4.decipher(block, pan: read.pan, key: opened.pinKey)
            } catch {
                throw .pinBlock(error)
            }
        }
        return OpenedCardData(read: read, pin: pin, keyId: opened.keyId, binding: ReaderBinding(header: opened.header.extra))
    }

    /// Reads `generalCardData`.
    public static func general(_ base64: String) throws(CardReadError) -> GeneralCardData {
        guard let bytes = Data(base64Encoded: base64) else { throw .notBase64(field: "generalCardData") }
        let list: TLVList
        do {
            list = try TLVList(decoding: bytes)
        } catch {
            throw .tlv(field: "generalCardData", error)
        }
        return try GeneralCardData(tlv: list)
    }
}

extension GeneralCardData {
    /// What a reader can tell about the card it read, without anything sensitive.
    public init(read: CardRead, applicationId: String?, applicationLabel: String?, funding: String?) {
        self.init(applicationId: applicationId, applicationLabel: applicationLabel, maskedPAN: read.maskedPAN,
                  brand: CardBrand(bin: read.pan).rawValue, funding: funding)
    }
}
