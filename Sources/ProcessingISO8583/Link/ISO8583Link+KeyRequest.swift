import Logging

/// Key exchange started by the link (docs/iso8583.md, "Key exchange"): every key exchange
/// interval it sends an 0800 with 70 = 161 and no 125 on one signed-on connection. The 0810's
/// 125 carries the new key, taken only when 39 = 00 and its KCV matches, the old MAC key kept
/// for the messages in flight (the security module's rules, as for a key the host sends).
///
/// A key request refused or unanswered is logged and asked again at the next interval: it
/// never closes a connection, and payments never wait for it (it has its own STAN).
extension ISO8583Link {
    /// Asks for a new key every `interval` until the task is cancelled.
    func requestKeys(every interval: Duration) async {
        while true {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            await requestWorkingKey()
        }
    }

    /// Asks the host for a new working key once, on the next signed-on connection. Returns
    /// once the answer was handled (the key taken or refused, logged) or none came within
    /// the connect timeout; nothing is thrown, since the next interval asks again. The
    /// schedule calls it; so may an operator's command or a test.
    public func requestWorkingKey() async {
        guard let connection = nextConnection() else {
            logger.notice("key request skipped: no acquirer connection is signed on")
            return
        }
        // No answer is logged by `network` ("key request failed").
        guard let answer = await network(.keyRequest, on: connection, cancellable: true) else { return }
        if !ISO8583LinkNetworkMessage.accepted(answer) {
            connection.logger.warning("key request refused by the acquirer: the key in use stays", metadata: [
                "response_code": "\(answer[field: 39].map { ISO8583Redaction.render(39, $0) } ?? "none")",
            ])
        }
    }

    /// Whether `message` is an answer to a key request (an 0810 with 70 = 161).
    static func isKeyRequestAnswer(_ message: ISO8583Message) -> Bool {
        message.mti == .networkManagementResponse && message[field: 70]?.text == ISO8583KeyBlock.networkCode
    }

    /// Takes the key an accepted answer carries in 125. Called as the answer arrives, before
    /// its request has it, so that whatever follows it on the connection verifies under the
    /// new key. A refusal (39 other than 00) is left to the request to log.
    func takeRequestedKey(_ answer: ISO8583Message, logger: Logger) {
        guard ISO8583LinkNetworkMessage.accepted(answer) else { return }
        guard let text = answer[field: ISO8583KeyBlock.field]?.text, let block = ISO8583KeyBlock(text) else {
            logger.warning("key request answered without a readable key block (125): the key in use stays")
            return
        }
        _ = importKey(block, logger: logger)
    }
}
