/// Where STANs come from: blocks of numbers reserved durably per terminal id, so a number
/// is never used twice, not even after a restart. The gateway backs it with its database.
public protocol ISO8583TraceNumberSource: Sendable {
    /// Reserves `count` consecutive numbers for `terminalId` that were never reserved
    /// before and returns the first.
    func reserve(terminalId: String, count: Int) async throws -> Int64
}
