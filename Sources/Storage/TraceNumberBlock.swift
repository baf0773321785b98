/// The rules of ``StoreWriter/reserveTraceNumbers(terminalId:count:)``, the same on every store.
///
/// Trace numbers are what the ISO 8583 link makes its STANs (field 11) from: unique per
/// terminal id and never used twice, also across a restart or by two instances. A link takes
/// them a block at a time, so the database is asked once per block, not once per message.
public enum TraceNumberBlock {
    /// The first number a terminal id is given.
    public static let firstNumber: Int64 = 1
    /// The most numbers one reservation takes. At this many per reservation a counter would
    /// need 9 × 10^12 reservations to reach `Int64.max`.
    public static let maxCount = 1_000_000

    /// Stops on a count outside `1...maxCount`: a caller's mistake, which no store could answer.
    package static func requireValid(_ count: Int) {
        precondition((1...maxCount).contains(count), "a trace number block holds 1 to \(maxCount) numbers, not \(count)")
    }
}
