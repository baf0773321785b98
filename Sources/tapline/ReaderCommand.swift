import ArgumentParser
import CardData
import Foundation
import PaymentCore

/// `tapline reader tap`: a simulated card reader on the command line. It reads a test card
/// and prints what a phone would send after a tap, sealed to the gateway's key from a
/// reader token, so the Tap to Pay routes can be tried with curl and no phone.
struct ReaderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader", abstract: "A simulated card reader, for trying Tap to Pay without a phone.", subcommands: [Tap.self])

    struct Tap: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tap",
            abstract: "Tap a test card: prints the JSON body for POST /transactions/apple (or /submitPinApple with --pin).",
            discussion: "Get the reader token from POST /v1/devices/{deviceId}/reader-token. The card data is sealed to the key it names.")

        @Option(help: "Reader token from POST /v1/devices/{deviceId}/reader-token.")
        var readerToken: String
        @Option(help: "Card number; see the test cards in the README.")
        var card = TestCards.visaApproved.pan
        @Option(help: "Amount in minor units (1234 = 12.34); 0 leaves it out of the card data.")
        var amount: UInt64 = 1_000
        @Option(help: "ISO 4217 currency code.")
        var currency = "USD"
        @Flag(help: "Read the card for a refund (EMV transaction type 20) instead of a purchase.")
        var refund = false
        @Option(help: "The PIN the customer enters (single tap and PIN).")
        var pin: String?
        @Option(help: "The pinToken the gateway answered the first tap with.")
        var pinToken: String?
        @Option(help: "Your order reference, copied into the body.")
        var merchantReference = "INV-12345"
        @Option(help: "credit, debit or prepaid.")
        var funding = "credit"
        @Option(help: "How many taps to print, one body per line, each a read of its own (for load tests: a read is taken once).")
        var count = 1

        func run() async throws {
            let key: SealingKey
            do {
                key = try ReaderTokenClaims.decodeUnverified(readerToken).sealingKey()
            } catch {
                throw ValidationError("--reader-token: \(error)")
            }
            guard let currency = Currency(code: currency) else { throw ValidationError("--currency: unknown ISO 4217 code \(currency)") }
            guard (pin == nil) == (pinToken == nil) else { throw ValidationError("--pin and --pin-token go together") }
            guard (1...1_000_000).contains(count) else { throw ValidationError("--count: take 1 to 1000000 taps") }
            let pan = try PAN.validated(card)
            let pin = try pin.map { try PIN($0) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for _ in 0..<count {
                let tap = try SimulatedTap(
                    pan: pan, amount: amount > 0 ? amount : nil, currencyCode: currency.numericCode,
                    kind: refund ? .refund : .purchase, readAt: Date(), readerId: "tapline-cli-reader", pinToken: pinToken, funding: funding)
                let sealed = try tap.sealed(to: key, pin: pin)
                let body = ["merchantReference": merchantReference, "generalCardData": sealed.generalCardData,
                            "paymentCardData": sealed.paymentCardData]
                print(String(decoding: try encoder.encode(body), as: UTF8.self))
            }
        }
    }
}
