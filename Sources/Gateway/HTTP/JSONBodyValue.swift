/// A JSON value as ``JSONBodyCheck`` read it: an object's members in the order they came
/// (keys with their escapes read), a number as its text.
indirect enum JSONBodyValue: Equatable, Sendable {
    case object([Member])
    case array([JSONBodyValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// One key and its value.
    struct Member: Equatable, Sendable {
        let key: String
        let value: JSONBodyValue
    }
}
