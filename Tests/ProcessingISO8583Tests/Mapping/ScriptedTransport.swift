import PaymentCore
@testable import ProcessingISO8583

/// A transport that answers each request with what the test's script says, and keeps every
/// request it was given, so a test can check the messages an operation sends.
final class ScriptedTransport: ISO8583Transport {
    typealias Script = @Sendable (ISO8583Message) throws(ISO8583TransportError) -> ISO8583Message

    private let script: Script
    private let box = LockedBox<[ISO8583Message]>([])
    let isUp: Bool

    init(isUp: Bool = true, script: @escaping Script) {
        self.isUp = isUp
        self.script = script
    }

    /// Every request sent, oldest first.
    var sent: [ISO8583Message] { box.withLock { $0 } }

    func send(_ request: ISO8583Message, timeout: Duration) async throws(ISO8583TransportError) -> ISO8583Message {
        box.withLock { $0.append(request) }
        return try script(request)
    }

    /// The response a simple host gives: the request's MTI plus 10, its 4, 7, 11, 41 and 49,
    /// then `code`, an RRN and, for an approval, an approval code.
    static func answer(_ request: ISO8583Message, code: String, rrn: String = "000000000042", amount: String? = nil) -> ISO8583Message {
        var response = ISO8583Message(mti: request.mti.responseType!)
        for field in [4, 7, 11, 41, 49] { response.fields[field] = request.fields[field] }
        response.fields[39] = .text(code)
        response.fields[37] = .text(rrn)
        if ["00", "08", "10", "11"].contains(code) { response.fields[38] = "A1B2C3" }
        if let amount { response.fields[4] = .text(amount) }
        return response
    }
}

/// STAN blocks from memory: what the gateway's database does, without one.
actor MemoryTraceNumberSource: ISO8583TraceNumberSource {
    private var next: [String: Int64] = [:]
    private(set) var reservations = 0

    func reserve(terminalId: String, count: Int) async throws -> Int64 {
        reservations += 1
        let first = next[terminalId, default: 1]
        next[terminalId] = first + Int64(count)
        return first
    }
}
