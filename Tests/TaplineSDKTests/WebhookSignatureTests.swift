import Foundation
import GatewayAPI
import TaplineSDK
import Testing

/// The one signer and verifier, as a merchant's server uses it through the SDK.
@Suite("Webhook signatures")
struct WebhookSignatureTests {
    static let secret = "whsec_3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    static let signedAt = Date(timeIntervalSince1970: 1_795_000_000)
    static let body = Data(#"{"data":{},"id":"evt_1","type":"transaction.captured"}"#.utf8)

    static func verify(_ body: Data = body, header: String, secret: String = secret, now: Date = signedAt) -> WebhookSignatureError? {
        do {
            try WebhookSignature.verify(payload: body, header: header, secret: secret, now: now)
            return nil
        } catch let error as WebhookSignatureError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aGoodSignatureVerifies() {
        let header = WebhookSignature.sign(payload: Self.body, secret: Self.secret, timestamp: Self.signedAt)
        #expect(header.hasPrefix("t=1795000000,v1="))
        #expect(Self.verify(header: header) == nil)
        #expect(Self.verify(header: header, now: Self.signedAt.addingTimeInterval(300)) == nil, "the tolerance is inclusive")
    }

    @Test func aKnownVector() {
        // HMAC-SHA256("whsec_test", "1700000000.{}"), computed independently with Python's hmac.
        let header = WebhookSignature.sign(payload: Data("{}".utf8), secret: "whsec_test", timestamp: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(header == "t=1700000000,v1=" + Self.pythonHMAC(secret: "whsec_test", message: "1700000000.{}"))
    }

    @Test func aTamperedBodyFails() {
        let header = WebhookSignature.sign(payload: Self.body, secret: Self.secret, timestamp: Self.signedAt)
        var tampered = Self.body
        tampered[tampered.count - 3] ^= 0x01
        #expect(Self.verify(tampered, header: header) == .signatureMismatch)
        #expect(Self.verify(header: header, secret: Self.secret + "x") == .signatureMismatch)
    }

    @Test func oldAndFutureTimestampsBeyondTheToleranceFail() {
        let header = WebhookSignature.sign(payload: Self.body, secret: Self.secret, timestamp: Self.signedAt)
        #expect(Self.verify(header: header, now: Self.signedAt.addingTimeInterval(301))
                == .timestampOutsideTolerance(timestamp: 1_795_000_000, tolerance: 300))
        #expect(Self.verify(header: header, now: Self.signedAt.addingTimeInterval(-301))
                == .timestampOutsideTolerance(timestamp: 1_795_000_000, tolerance: 300))
    }

    @Test(arguments: ["", "garbage", "v1=abc", "t=abc,v1=" + String(repeating: "0", count: 64), "t=1795000000,v1=zz",
                      "t=1795000000,v1=" + String(repeating: "0", count: 63), "t=1,t=2,v1=" + String(repeating: "0", count: 64)])
    func aMalformedHeaderFails(_ header: String) {
        #expect(Self.verify(header: header) == .malformedHeader)
    }

    @Test func aHeaderWithoutV1Fails() {
        #expect(Self.verify(header: "t=1795000000") == .noSignature)
        #expect(Self.verify(header: "t=1795000000,v2=abcd") == .noSignature)
    }

    @Test func rotatedSecretsVerify() throws {
        let old = WebhookSignature.sign(payload: Self.body, secret: "whsec_old", timestamp: Self.signedAt)
        let new = WebhookSignature.sign(payload: Self.body, secret: "whsec_new", timestamp: Self.signedAt)
        // The sender signs with both secrets while rotating: either one verifies.
        let both = old + ",v1=" + new.split(separator: "=").last!
        #expect(Self.verify(header: both, secret: "whsec_old") == nil)
        #expect(Self.verify(header: both, secret: "whsec_new") == nil)
        #expect(Self.verify(header: both, secret: "whsec_other") == .signatureMismatch)
        // The receiver accepts the old and the new secret while rotating.
        try WebhookSignature.verify(payload: Self.body, header: old, secrets: ["whsec_new", "whsec_old"], now: Self.signedAt)
    }

    @Test func theSDKVerifiesAndDecodesTheEvent() throws {
        let payload = WebhookEventPayload(
            id: "evt_9", type: "transaction.captured", createdAt: Self.signedAt,
            data: WebhookEventData(transaction: TransactionResource(
                id: "t_1", type: .sale, status: .captured, merchantId: "m_1", currency: "USD", amount: 1_250,
                createMethodId: 2, createdAt: Self.signedAt, updatedAt: Self.signedAt)))
        let body = try APIJSON.encoder.encode(payload)
        let header = WebhookSignature.sign(payload: body, secret: Self.secret, timestamp: Self.signedAt)
        #expect(try TaplineWebhooks.verify(payload: body, header: header, secret: Self.secret, now: Self.signedAt) == payload)
        #expect(throws: TaplineWebhookSignatureError.signatureMismatch) {
            try TaplineWebhooks.verify(payload: body + Data(" ".utf8), header: header, secret: Self.secret, now: Self.signedAt)
        }
    }

    /// The HMAC as Python's standard library computes it, for the vector above.
    static func pythonHMAC(secret: String, message: String) -> String {
        let script = "import hmac,hashlib,sys; print(hmac.new(sys.argv[1].encode(), sys.argv[2].encode(), hashlib.sha256).hexdigest())"
        return (try? PythonRunner.run(["-c", script, secret, message]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? "python3 failed"
    }
}
