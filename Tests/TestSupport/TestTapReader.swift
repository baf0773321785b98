import CardData
import Foundation

/// Stands in for a phone's card reader in gateway tests: makes the `generalCardData` and
/// `paymentCardData` a tap of a test card produces, sealed to the gateway's key.
public struct TestTapReader: Sendable {
    public let gatewayKey: SealingKey
    public var readerId = "test-reader-1"

    public init(gatewayKey: SealingKey) { self.gatewayKey = gatewayKey }

    /// A reader holding a reader token of `deviceId` at `merchantId`: its taps are bound to them.
    public init(gatewayKey: SealingKey, merchantId: String, deviceId: String) {
        self.gatewayKey = gatewayKey.bound(to: ReaderBinding(merchantId: merchantId, deviceId: deviceId))
    }

    /// A tap of `pan` for `amount` minor units of the currency with ISO numeric code
    /// `currencyCode` (978 = EUR, 840 = USD); nil amount leaves tags 9F02/5F2A out.
    /// `cvmResults` (9F34) says how the card verified the cardholder: no CVM by default,
    /// `1E0300` a signature.
    public func tap(
        pan: String = TestCards.visaApproved.pan, amount: UInt64? = 10_000, currencyCode: Int = 840,
        kind: CardRead.Kind = .purchase, readAt: Date, readId: String = UUID().uuidString.lowercased(),
        pin: String? = nil, pinToken: String? = nil, funding: String = "credit", cvmResults: Data = Data([0x1F, 0x03, 0x02])
    ) throws -> SealedCardData {
        var tap = try SimulatedTap(pan: pan, amount: amount, currencyCode: currencyCode, kind: kind, readAt: readAt, readId: readId,
                                   readerId: readerId, pinToken: pinToken, funding: funding, cvmResults: cvmResults)
        // A fixed cryptogram, so tests can check it reaches the transaction unchanged.
        tap.read.cryptogram = Data([0x9A, 0x1B, 0x2C, 0x3D, 0x4E, 0x5F, 0x60, 0x71])
        return try tap.sealed(to: gatewayKey, pin: try pin.map { try PIN($0) })
    }

    /// The JSON body of a Halo `/transactions/apple` or `submitPinApple` request.
    public static func appleBody(_ sealed: SealedCardData, merchantReference: String = "INV-12345") -> String {
        #"{"merchantReference":"\#(merchantReference)","generalCardData":"\#(sealed.generalCardData)","paymentCardData":"\#(sealed.paymentCardData)"}"#
    }
}
