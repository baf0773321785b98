import Foundation

/// The non-sensitive part of a read (`generalCardData`): what an app may show and the
/// gateway may keep. Base64 BER-TLV with the AID (4F), label (50) and Tapline's tags for
/// the masked PAN, brand and funding.
public struct GeneralCardData: Sendable, Equatable {
    /// AID, uppercase hex.
    public var applicationId: String?
    public var applicationLabel: String?
    /// First 6 / last 4.
    public var maskedPAN: String?
    /// "visa", "mastercard", …
    public var brand: String?
    /// "credit", "debit" or "prepaid".
    public var funding: String?

    public init(applicationId: String? = nil, applicationLabel: String? = nil, maskedPAN: String? = nil,
                brand: String? = nil, funding: String? = nil) {
        self.applicationId = applicationId
        self.applicationLabel = applicationLabel
        self.maskedPAN = maskedPAN
        self.brand = brand
        self.funding = funding
    }

    public func tlvList() -> TLVList {
        var items: [TLV] = []
        if let applicationId, let bytes = Hex.bytes(applicationId) { items.append(TLV(.applicationIdentifier, Data(bytes))) }
        func add(_ tag: TLVTag, _ text: String?) { if let text { items.append(TLV(tag, Data(text.utf8))) } }
        add(.applicationLabel, applicationLabel)
        add(.maskedPAN, maskedPAN)
        add(.cardBrand, brand)
        add(.cardFunding, funding)
        return TLVList(items)
    }

    /// Reads general card data. A full PAN (tag 5A or 57) here is refused: this part is not
    /// encrypted, so it must never carry one.
    public init(tlv list: TLVList) throws(CardReadError) {
        for tag in [TLVTag.applicationPAN, .track2EquivalentData, .pinBlock] where list.first(tag) != nil {
            throw .invalidTag(tag, "must not be in generalCardData, which is not encrypted")
        }
        applicationId = list.value(.applicationIdentifier).map { Hex.string($0) }
        applicationLabel = list.string(.applicationLabel)
        maskedPAN = list.string(.maskedPAN)
        brand = list.string(.cardBrand)
        funding = list.string(.cardFunding)
        if let maskedPAN, maskedPAN.contains(where: { $0.isNumber }) && !maskedPAN.contains("*") {
            throw .invalidTag(.maskedPAN, "must be masked (first 6 and last 4 digits)")
        }
    }
}
