import CardData
import Foundation
@testable import Gateway
import NIOCore

enum KeyedCardFixture {
    static func visa() throws -> KeyedCard {
        try KeyedCard(pan: "4242424242424242", expiryMonth: 12, expiryYear: 2030, securityCode: "123")
    }
}

/// The request hash the gateway stores with an idempotency key, computed as a client would
/// send the request, so tests can stage a key as a crashed request would have left it.
enum IdempotencyProbe {
    static func hash(path: String, body: String) -> String {
        IdempotencyGuard.requestHash(method: "POST", path: path, body: ByteBuffer(string: body))
    }
}
