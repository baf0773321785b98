import Storage

/// Checked changes to a merchant's payment settings. Made before anything is written (so a
/// bad field is refused with nothing changed) and applied inside the write that stores them
/// (so two changes at once never lose one another's fields).
struct PaymentSettingsChange: Sendable {
    private var edits: [@Sendable (inout PaymentSettings) -> Void] = []

    mutating func add(_ edit: @escaping @Sendable (inout PaymentSettings) -> Void) {
        edits.append(edit)
    }

    func apply(to settings: inout PaymentSettings) {
        for edit in edits { edit(&settings) }
    }
}
