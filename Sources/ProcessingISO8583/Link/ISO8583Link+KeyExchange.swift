import Logging
import NIOCore

/// Key exchange on the link (docs/iso8583.md, "Key exchange"): the host sends a new working
/// key in an 0800 with 70 = 161 and the key block in 125; the link imports it into its
/// security module (which checks the KCV and keeps the old MAC key for the messages in
/// flight) and answers 0810 with 39 = 00, or 30 when 125 cannot be read, or 96 when the
/// module refuses the key (no zone master key, a wrong KCV).
extension ISO8583Link {
    /// Whether `message` is a host's key exchange request.
    static func isKeyExchange(_ message: ISO8583Message) -> Bool {
        message.mti == .networkManagementRequest && message[field: 70]?.text == ISO8583KeyBlock.networkCode
    }

    /// Imports the key `request` carries and answers it on `channel`, the connection it came on.
    func keyExchange(_ request: ISO8583Message, channel: any Channel, logger: Logger) {
        let code = importKey(from: request, logger: logger)
        var answer = ISO8583Message(mti: .networkManagementResponse)
        for field in [7, 11, 70] { answer[field: field] = request[field: field] }
        answer[field: 39] = .text(code)
        // MACed under the new key when it was taken: the host learns the link holds it.
        guard let (_, bytes) = try? encodeAuthenticated(answer),
              let frame = try? ISO8583Framing.frame(bytes, limit: configuration.frameLimit) else {
            logger.error("could not encode the answer to a key exchange")
            return
        }
        logger.debug("sent \(answer)")
        channel.writeAndFlush(ByteBuffer(bytes: frame), promise: nil)
    }

    /// The response code of the answer: 00 taken, 30 unreadable, 96 refused.
    private func importKey(from request: ISO8583Message, logger: Logger) -> String {
        guard let text = request[field: ISO8583KeyBlock.field]?.text, let block = ISO8583KeyBlock(text) else {
            logger.warning("key exchange without a readable key block (125): refused")
            return "30"
        }
        return importKey(block, logger: logger) ? "00" : "96"
    }

    /// Imports `block` into the security module, which checks its KCV; logs the outcome with
    /// the key's kind and KCV, never the key. Whether the key was taken.
    func importKey(_ block: ISO8583KeyBlock, logger: Logger) -> Bool {
        guard let module = messageAuthentication else {
            logger.warning("key exchange refused: the link has no security module with keys")
            return false
        }
        do {
            try module.importKey(block.kind, enciphered: block.enciphered, checkValue: block.checkValue)
        } catch {
            logger.warning("new key refused", metadata: ["key": "\(block.kind)", "reason": "\(error)"])
            return false
        }
        // The KCV identifies the key without revealing it.
        logger.notice("new key taken", metadata: ["key": "\(block.kind)", "kcv": "\(block.checkValue)"])
        return true
    }
}
