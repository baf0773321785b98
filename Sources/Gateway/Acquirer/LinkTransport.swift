import ProcessingISO8583
import Tracing

/// The TCP link as the processor uses it: its errors sorted by whether the request may have
/// reached the host (then a reversal is owed) or was never sent. Each request and its answer
/// is one client span (`iso8583 0200`) with the message types, the STAN and the response
/// code, never another field: the others hold card data.
struct LinkTransport: ISO8583Transport {
    let link: ISO8583Link
    var tracer: any Tracer = NoOpTracer()

    var isUp: Bool { link.isUp }

    func send(_ request: ISO8583Message, timeout: Duration) async throws(ISO8583TransportError) -> ISO8583Message {
        let span = tracer.startSpan("iso8583 \(request.mti)", context: ServiceContext.current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        span.attributes["iso8583.mti"] = request.mti.rawValue
        if let stan = request[field: 11]?.text { span.attributes["iso8583.stan"] = stan }
        do {
            let response = try await link.send(request, timeout: timeout)
            span.attributes["iso8583.response_mti"] = response.mti.rawValue
            if let code = response[field: 39]?.text { span.attributes["iso8583.response_code"] = code }
            return response
        } catch {
            span.attributes["error.type"] = Self.errorType(error)
            span.setStatus(SpanStatus(code: .error))
            switch error {
            case .notConnected, .encoding, .framing, .duplicateInFlight, .unmatchable, .macNotComputed:
                throw .notSent(error.description)
            case .timedOut, .connectionLost, .wrongResponseType, .cancelled, .badMAC:
                throw .unanswered(error.description)
            }
        }
    }

    /// The error's case, as a short name a trace view can group by.
    private static func errorType(_ error: ISO8583LinkError) -> String {
        switch error {
        case .notConnected: "notConnected"
        case .timedOut: "timedOut"
        case .connectionLost: "connectionLost"
        case .encoding: "encoding"
        case .framing: "framing"
        case .duplicateInFlight: "duplicateInFlight"
        case .unmatchable: "unmatchable"
        case .wrongResponseType: "wrongResponseType"
        case .cancelled: "cancelled"
        case .macNotComputed: "macNotComputed"
        case .badMAC: "badMAC"
        }
    }
}
