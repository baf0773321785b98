/// An ISO 8583 message: its type and its data elements by number.
///
/// The value itself checks nothing; ``ISO8583Codec`` checks every field against its table
/// when encoding, and builds only valid messages when decoding. Printing a message masks
/// the card number and leaves out track data, PIN block and chip data (see
/// ``ISO8583Redaction``).
public struct ISO8583Message: Hashable, Sendable {
    public var mti: ISO8583MTI
    /// Data elements 2–128 by number; the bitmaps are derived from which are present.
    public var fields: [Int: ISO8583FieldValue]

    public init(mti: ISO8583MTI, fields: [Int: ISO8583FieldValue] = [:]) {
        self.mti = mti
        self.fields = fields
    }

    public subscript(field number: Int) -> ISO8583FieldValue? {
        get { fields[number] }
        set { fields[number] = newValue }
    }

    /// The present field numbers in ascending order, the order they travel in.
    public var fieldNumbers: [Int] { fields.keys.sorted() }
}
