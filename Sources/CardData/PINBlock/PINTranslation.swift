import Crypto
import Foundation

/// Re-enciphering a PIN block from one format and key to another, as the acquirer link
/// needs: the reader sends ISO 9564 format 4 under its payload's AES PIN key; the acquirer
/// wants format 0 under its triple DES zone PIN key (ISO 8583 field 52).
///
/// In production this translation happens inside an HSM (a "translate PIN" command), so
/// the clear PIN never exists in the host's memory. Tapline does it in software, where the
/// PIN exists in memory only for the length of this call and is never logged or kept; a
/// deployment that must meet PCI PIN requirements replaces this with its HSM's command.
public enum PINTranslation {
    /// Opens a reader's format 4 block and enciphers the same PIN as a format 0 block.
    ///
    /// - Parameters:
    ///   - block: The 16-byte format 4 block, e.g. ``CardRead/pinBlock``.
    ///   - pan: The card number both blocks are bound to, 12 to 19 digits.
    ///   - readerKey: The AES key the reader enciphered the block under (the sealed
    ///     payload's PIN key).
    ///   - zonePINKey: The acquirer's triple DES zone PIN key.
    /// - Returns: The 8-byte format 0 block for field 52.
    /// - Throws: ``PINBlockError`` when the format 4 block does not open (wrong key, wrong
    ///   PAN, malformed) or the PAN is not a card number.
    public static func format4ToFormat0(
        block: Data, pan: String, readerKey: SymmetricKey, zonePINKey: TripleDESKey
    ) throws(PINBlockError) -> Data {
        let pin = try PINBlockFormat4.decipher(block, pan: pan, key: readerKey)
        return try PINBlockFormat0.encipher(pin: pin, pan: pan, key: zonePINKey)
    }
}
