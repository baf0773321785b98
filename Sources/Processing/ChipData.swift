import Foundation

/// What a tapped card's chip gave for the acquirer: the track 2 equivalent (as ISO 8583
/// field 35 text) and the EMV data (BER-TLV, field 55).
///
/// Track 2 holds the full PAN, so this type never prints it: only whether it is there and
/// how many bytes of EMV data there are.
public struct ChipData: Sendable, Equatable {
    /// Tag 57 as field 35 text (digits, `=` separator). Never log or store it.
    public var track2: String?
    /// The EMV tags an authorization carries (cryptogram, CID, ATC, TVR, IAD, unpredictable
    /// number, amounts, country, currency, date, type, AIP, CVM results), BER-TLV encoded.
    public var emv: Data
    /// Tag 5F34, the card sequence number (field 23), as three digits.
    public var sequenceNumber: String?

    public init(track2: String?, emv: Data, sequenceNumber: String? = nil) {
        self.track2 = track2
        self.emv = emv
        self.sequenceNumber = sequenceNumber
    }
}

extension ChipData: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "ChipData(track2: \(track2 == nil ? "none" : "present"), emv: \(emv.count) bytes)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["hasTrack2": track2 != nil, "emvByteCount": emv.count], displayStyle: .struct)
    }
}
