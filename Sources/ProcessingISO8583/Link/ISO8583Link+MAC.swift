import Logging

/// Message authentication on the link (docs/iso8583.md, "Message authentication"): with a
/// security module, every message sent carries the retail MAC of its bytes in 64 or 128,
/// and every message received must carry a valid one. The MAC is computed here, on the
/// bytes as they travel, so the processor's messages (and the reversals and repeats built
/// from them) never hold one: each send MACs its own bytes.
extension ISO8583Link {
    /// `request` as it goes on the wire (with its MAC when the link authenticates) and its
    /// encoding.
    func encodeAuthenticated(_ request: ISO8583Message) throws(ISO8583LinkError) -> (ISO8583Message, [UInt8]) {
        guard let module = messageAuthentication else {
            do {
                return (request, try codec.encode(request))
            } catch {
                throw .encoding(error)
            }
        }
        var message = ISO8583MAC.placeholder(in: request)
        var bytes: [UInt8]
        do {
            bytes = try codec.encode(message)
        } catch {
            throw .encoding(error)
        }
        // The MAC field is last and fixed at 8 bytes: everything before it is the MAC's input.
        let macStart = bytes.count - ISO8583MAC.length
        let mac: [UInt8]
        do {
            mac = try module.generateMAC(Array(bytes[..<macStart]))
        } catch {
            throw .macNotComputed(error)
        }
        bytes.replaceSubrange(macStart..., with: mac)
        message[field: ISO8583MAC.field(for: message)] = .binary(mac)
        return (message, bytes)
    }

    /// Whether `message` may be trusted: always without message authentication; with it,
    /// only when its MAC is where the rule puts it and verifies over the bytes before it.
    /// The decoder accepts only one encoding of each message, so encoding it again gives
    /// the bytes that came (but for an empty secondary bitmap, which Tapline never sends and
    /// which fails here).
    func isAuthentic(_ message: ISO8583Message) -> Bool {
        guard let module = messageAuthentication else { return true }
        guard let mac = ISO8583MAC.value(in: message), let bytes = try? codec.encode(message) else { return false }
        let input = Array(bytes[..<(bytes.count - ISO8583MAC.length)])
        return (try? module.verifyMAC(mac, over: input)) ?? false
    }
}
