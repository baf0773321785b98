import Foundation
@testable import Gateway
import Testing

/// TOTP against RFC 6238's own test vectors (Appendix B, SHA-1, eight digits) and RFC 4226's
/// HOTP values (Appendix D), with the base32 form authenticator apps take.
@Suite("Two-factor: TOTP (RFC 6238)")
struct TOTPTests {
    static let rfcSecret = Data("12345678901234567890".utf8)

    @Test(arguments: [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ] as [(Double, String)])
    func theRFC6238VectorsOfSHA1(time: Double, expected: String) {
        var totp = TOTP(secret: Self.rfcSecret)
        totp.digits = 8
        #expect(totp.code(at: Date(timeIntervalSince1970: time)) == expected)
    }

    @Test func theRFC4226HOTPValues() {
        let expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]
        let totp = TOTP(secret: Self.rfcSecret)
        #expect((0..<10).map { totp.code(step: Int64($0)) } == expected)
    }

    @Test func aCodeMatchesItsStepOrOneAsideAndIsUsedOnce() {
        let totp = TOTP(secret: Self.rfcSecret)
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = totp.step(at: now)
        #expect(totp.matchingStep(of: totp.code(step: step), at: now, after: nil) == step)
        #expect(totp.matchingStep(of: totp.code(step: step - 1), at: now, after: nil) == step - 1, "a clock 30 s behind")
        #expect(totp.matchingStep(of: totp.code(step: step + 1), at: now, after: nil) == step + 1, "a clock 30 s ahead")
        #expect(totp.matchingStep(of: totp.code(step: step - 2), at: now, after: nil) == nil)
        #expect(totp.matchingStep(of: totp.code(step: step), at: now, after: step) == nil, "a used code is refused")
        for bad in ["", "12345", "1234567", "abcdef", "１２３４５６"] { #expect(totp.matchingStep(of: bad, at: now, after: nil) == nil) }
    }

    @Test func theSecretRoundTripsThroughBase32() throws {
        #expect(TOTP(secret: Self.rfcSecret).base32 == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "RFC 6238's secret in base32")
        let made = TOTP.generate()
        #expect(made.secret.count == 20 && made.secret != TOTP.generate().secret)
        #expect(try #require(TOTP(base32: made.base32)).secret == made.secret)
        #expect(TOTP(base32: "not base32!") == nil)
        #expect(made.uri(account: "ann@shop.example", issuer: "Tapline").hasPrefix("otpauth://totp/Tapline%3Aann@shop.example?secret=\(made.base32)&issuer=Tapline"))
    }
}
