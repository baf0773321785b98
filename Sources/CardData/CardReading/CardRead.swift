import Foundation

/// What a reader read from a tapped card: the plaintext inside `paymentCardData`.
///
/// It holds the full PAN, the track 2 equivalent and maybe a PIN block, so it is never
/// `Codable` and every way of printing it shows only the masked PAN.
public struct CardRead: Sendable, Equatable {
    /// EMV transaction type (tag 9C) as Tapline takes it.
    public enum Kind: UInt8, Sendable, Equatable {
        /// 9C = 00: goods and services (a sale or an authorization).
        case purchase = 0x00
        /// 9C = 20: a refund to the card.
        case refund = 0x20
    }

    /// Unique per read (Apple's read-result id); the gateway accepts each once.
    public var readId: String
    /// When the card was read; the gateway refuses reads older than a minute.
    public var readAt: Date
    /// The reader's identifier, when it gave one.
    public var readerId: String?
    /// Tag 5A. Never log or store it.
    public var pan: String
    /// Tag 5F24.
    public var expiry: CardExpiry
    /// Tag 57. Never log or store it.
    public var track2: Data?
    /// Tags 9F26, 9F36, 95, 9F10 and 9F34. The EMV tags below, with these, are what an
    /// acquirer gets as chip data (``chipData()``).
    public var cryptogram: Data?
    public var applicationTransactionCounter: Data?
    public var terminalVerificationResults: Data?
    public var issuerApplicationData: Data?
    public var cvmResults: Data?
    /// Tag 9F02, minor units, with tag 5F2A (ISO 4217 numeric).
    public var amount: UInt64?
    public var currencyCode: Int?
    /// Tag 9C.
    public var kind: Kind
    /// Tag 9F27, 1 byte: which cryptogram 9F26 is (0x80 ARQC, 0x40 TC, 0x00 AAC).
    public var cryptogramInformationData: Data?
    /// Tag 9F37, 4 bytes: the terminal's random input to the cryptogram.
    public var unpredictableNumber: Data?
    /// Tag 9F1A, ISO 3166 numeric (n3), e.g. 840.
    public var terminalCountryCode: Int?
    /// Tag 9A, YYMMDD as 3 BCD bytes: the day of the transaction; see
    /// ``transactionDate(for:)``.
    public var transactionDate: Data?
    /// Tag 82, 2 bytes: what the card supports (offline authentication, CVM, …).
    public var applicationInterchangeProfile: Data?
    /// Tag 84, 5 to 16 bytes: the dedicated file name, in a contactless read the AID.
    public var dedicatedFileName: Data?
    /// Tag 5F34 (n2): tells apart cards sharing a PAN; ISO 8583 field 23.
    public var panSequenceNumber: Int?
    /// ISO 9564 format 4 PIN block (Tapline tag DF8104), only in a PIN payload. Never log or store it.
    public var pinBlock: Data?
    /// The gateway's PIN token this PIN answers (Tapline tag DF8105).
    public var pinToken: String?

    public init(readId: String, readAt: Date, pan: String, expiry: CardExpiry, kind: Kind = .purchase) {
        self.readId = readId
        self.readAt = readAt
        self.pan = pan
        self.expiry = expiry
        self.kind = kind
    }

    /// First 6 and last 4 digits.
    public var maskedPAN: String { PAN.masked(pan) }
}

extension CardRead: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "CardRead(\(readId), \(maskedPAN) exp \(expiry), \(kind)" + (pinBlock == nil ? ")" : ", PIN block)")
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "readId": readId, "readAt": readAt, "maskedPAN": maskedPAN, "kind": kind, "hasPINBlock": pinBlock != nil,
        ], displayStyle: .struct)
    }
}
