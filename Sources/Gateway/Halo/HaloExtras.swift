import CardData
import Foundation
import PaymentCore
import ProcessingISO8583

/// The three fields of Halo's `onlineAuthorizationResponse` that depend on what the read and
/// the payment provider gave: `tags`, `expiryDate` and `customValues`.
enum HaloExtras {
    /// The EMV data objects of the read and the answer, each as its BER-TLV in upper-case
    /// hex ("9F2608…"): AID (4F), application label (50), cryptogram (9F26), TVR (95), ATC
    /// (9F36), CVM results (9F34), the response code (8A), then the issuer's answer to the
    /// card when the acquirer sent one (91, 71, 72). Only what the payment keeps, which is
    /// never sensitive (no PAN, track or PIN data).
    static func tags(_ row: Transaction) -> [String] {
        let present = row.cardPresent
        let label = present?.applicationLabel.map { Data($0.utf8).hexString }
        let code = row.processorResult.map { Data($0.responseCode.utf8).hexString }
        let objects: [(String, String?)] = [
            ("4F", present?.applicationId), ("50", label), ("9F26", present?.cryptogram), ("95", present?.terminalVerificationResults),
            ("9F36", present?.applicationTransactionCounter), ("9F34", present?.cvmResults), ("8A", code),
        ]
        let read = objects.compactMap { tag, value -> String? in
            guard let value, !value.isEmpty, value.count % 2 == 0, value.count / 2 < 128,
                  value.allSatisfy(\.isHexDigit) else { return nil }
            return tag + Hex.string([UInt8(value.count / 2)]) + value.uppercased()
        }
        return read + issuerObjects(present?.emvResponse)
    }

    /// The issuer's answer to the card (91, 71, 72), one object each, as the acquirer sent them.
    private static func issuerObjects(_ hex: String?) -> [String] {
        guard let hex, let data = Data(hexString: hex), let objects = try? BERTLV.decode(data, maxDepth: 2) else { return [] }
        return objects.map { BERTLV.encode([$0]).hexString.uppercased() }
    }

    /// The card's expiry as ISO 8583 field 14 carries it, YYMM; empty when the payment has no card.
    static func expiryDate(_ row: Transaction) -> String {
        guard let card = row.card, (1...12).contains(card.expiryMonth), card.expiryYear > 0 else { return "" }
        return twoDigits(card.expiryYear % 100) + twoDigits(card.expiryMonth)
    }

    /// What the provider adds: which processor decided, the STAN it was sent under, the
    /// settlement batch once closed, and `signatureRequired` while a signature-CVM tap is held
    /// for its signature (Halo's `type` says Approved, but the payment is not captured yet).
    static func customValues(_ row: Transaction) -> [String: String] {
        var values: [String: String] = [:]
        values["processor"] = row.processorId
        values["stan"] = row.processorTrace.flatMap(ISO8583Stamp.init(text:))?.stan
        values["batchId"] = row.batchId
        if row.signatureRequired, row.signature == nil { values["signatureRequired"] = "true" }
        return values
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
