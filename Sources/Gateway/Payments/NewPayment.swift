import CardData
import PaymentCore
import Processing

/// A validated request for a sale or an authorization (keyed or tapped), or an
/// unreferenced refund to a tapped card.
struct NewPayment: Sendable {
    var type: TransactionType
    var currency: Currency
    /// Amount before tip, minor units.
    var baseAmount: Int64
    var tipAmount: Int64
    var card: PaymentCard
    var referenceId: String?
    var customerId: String?
    var customerName: String?
    var customerEmail: String?
    var createdById: String?
    var createMethod: CreateMethod
    /// Set when the card was tapped: the read to remember and what the payment keeps of it.
    var tap: TapProof?
    /// How the total divides, checked against it (``BreakdownRules``).
    var breakdown: PaymentBreakdown? = nil
    /// The price part by part as the client sent it (ARISE `AmountDto`), checked to add up
    /// to the total (``AmountPartsRules``). Without it the row's parts come from the
    /// breakdown, the merchant's pricing, or amount and tip.
    var amountDetails: AmountBreakdown? = nil
    /// The app's own data as JSON text (Toro's `additionalInformation`).
    var additionalInformation: String? = nil
    /// A tapped card's track 2 and EMV data, for an acquirer that wants them. In memory only.
    var chip: ChipData? = nil
    /// Keyed payments without a breakdown: the calculation (rates, tip, card price) phase 1
    /// runs under the merchant's pricing (``PricedAmount``); nil keeps amount + tip.
    var pricing: AmountOptions? = nil
    /// How a card not tapped was read: typed or swiped.
    var entryMode: AuthorizationRequest.EntryMode = .keyed
    var cardEntry: CardEntryDetails? = nil
    var billingAddress: PostalAddress? = nil
    var shippingAddress: PostalAddress? = nil
    var contact: ContactDetails? = nil
    /// The processor the request named (`paymentProcessorId`): the payment goes there, not
    /// where the routing rules would send it.
    var processorId: String? = nil

    /// What the processor is asked to authorize when the payment is not priced.
    var total: Int64 { baseAmount + tipAmount }

    /// The card's entry mode as the card summary shows it.
    var entryModeName: String {
        if tap != nil { return "contactless" }
        switch entryMode {
        case .keyed: return "manual"
        case .swiped, .fallbackSwipe: return "swipe"
        case .contactless: return "contactless"
        }
    }
}

/// What a tapped card brings to an operation: its read id, recorded in phase 1 so the same
/// sealed payload is never accepted twice, what identifies the card, and the card-present
/// details kept on the row.
struct TapProof: Sendable {
    var readId: String
    /// The keyed hash of the PAN; nil for a card passed on sealed, whose PAN Tapline never sees.
    var panHash: String?
    var maskedPAN: String
    var brand: CardBrand
    var details: CardPresentDetails

    init(_ tap: OpenedTap, deviceId: String, panHasher: PANHasher) {
        readId = tap.readId
        panHash = tap.card.clear.map { panHasher.hash($0.pan) }
        maskedPAN = tap.card.maskedPAN
        brand = tap.card.brand
        details = tap.details(deviceId: deviceId)
    }

    /// Whether this is the card a payment was made with: by the keyed PAN hash; a card that
    /// passed on sealed, which has none, by what Tapline saw of both (masked number and
    /// brand), and never as a card whose PAN was seen.
    func isCard(of payment: CardSummary?) -> Bool {
        guard let payment else { return false }
        if let panHash { return payment.panHash == panHash }
        return payment.panHash.isEmpty && payment.maskedPan == maskedPAN && payment.brand == brand.rawValue
    }
}
