/// Hands out STANs (field 11) per terminal from blocks reserved in a
/// ``ISO8583TraceNumberSource``: one durable write per block rather than per message, so
/// the approved path writes nothing extra, and numbers a crash left unused are skipped.
public actor ISO8583TraceNumbers {
    /// The terminal id network messages (0800) count under: they carry no field 41.
    public static let networkTerminal = ""

    private let source: any ISO8583TraceNumberSource
    private let blockSize: Int
    private var blocks: [String: (next: Int64, end: Int64)] = [:]

    public init(source: any ISO8583TraceNumberSource, blockSize: Int = 100) {
        self.source = source
        self.blockSize = max(1, blockSize)
    }

    /// The next STAN for `terminalId`, six digits (000001–999999, then round again).
    public func next(terminalId: String) async throws -> String {
        let number = try await nextNumber(terminalId: terminalId)
        return Self.stan(number)
    }

    /// The STAN of the `number`th message (counting from 1): the counter only grows, STANs
    /// go 000001 to 999999 and round again. 000000 is never used: some hosts read it as none.
    static func stan(_ number: Int64) -> String {
        let value = ((number &- 1) % 999_999 + 999_999) % 999_999 + 1
        return String(value).leftPadded(to: 6)
    }

    private func nextNumber(terminalId: String) async throws -> Int64 {
        if let block = blocks[terminalId], block.next < block.end {
            blocks[terminalId] = (block.next + 1, block.end)
            return block.next
        }
        let first = try await source.reserve(terminalId: terminalId, count: blockSize)
        // Another caller may have refilled while we waited: take from whichever block is
        // current, and keep the fresh one only if none is.
        if let block = blocks[terminalId], block.next < block.end {
            blocks[terminalId] = (block.next + 1, block.end)
            return block.next
        }
        blocks[terminalId] = (first + 1, first + Int64(blockSize))
        return first
    }
}
