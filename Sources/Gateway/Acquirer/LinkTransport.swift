import ProcessingISO8583

/// The TCP link as the processor uses it: its errors sorted by whether the request may have
/// reached the host (then a reversal is owed) or was never sent.
struct LinkTransport: ISO8583Transport {
    let link: ISO8583Link

    var isUp: Bool { link.isUp }

    func send(_ request: ISO8583Message, timeout: Duration) async throws(ISO8583TransportError) -> ISO8583Message {
        do {
            return try await link.send(request, timeout: timeout)
        } catch {
            switch error {
            case .notConnected, .encoding, .framing, .duplicateInFlight, .unmatchable, .macNotComputed:
                throw .notSent(error.description)
            case .timedOut, .connectionLost, .wrongResponseType, .cancelled, .badMAC:
                throw .unanswered(error.description)
            }
        }
    }
}
