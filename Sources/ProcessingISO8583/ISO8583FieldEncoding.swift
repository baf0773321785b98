/// How a field's value becomes bytes in Tapline's profile ("ASCII with a binary bitmap").
public enum ISO8583FieldEncoding: String, Sendable {
    /// One ASCII byte per character (formats n, an, ans, z).
    case ascii
    /// The bytes themselves (format b); lengths count bytes.
    case raw
}
