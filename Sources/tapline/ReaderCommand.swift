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

        func run() async throws {
            let key: SealingKey
            do {
                key = try ReaderTokenClaims.decodeUnverified(readerToken).sealingKey()
            } catch {
                throw ValidationError("--reader-token: \(error)")
            }
            guard let currency = Currency(code: currency) else { throw ValidationError("--currency: unknown ISO 4217 code \(currency)") }
            guard (pin == nil) == (pinToken == nil) else { throw ValidationError("--pin and --pin-token go together") }
            var read = CardRead(
                readId: UUID().uuidString.lowercased(), readAt: Date(), pan: try PAN.validated(card),
                expiry: try CardExpiry(month: 12, year: 2030), kind: refund ? .refund : .purchase)
            read.readerId = "tapline-cli-reader"
            read.cryptogram = Data((0..<8).map { _ in UInt8.random(in: 0...255) })
            read.applicationTransactionCounter = Data([0x00, 0x01])
            read.terminalVerificationResults = Data(count: 5)
            if amount > 0 {
                read.amount = amount
                read.currencyCode = currency.numericCode
            }
            read.pinToken = pinToken
            let brand = CardBrand(bin: read.pan)
            let general = GeneralCardData(
                read: read, applicationId: brand == .mastercard ? "A0000000041010" : "A0000000031010",
                applicationLabel: brand.displayName.uppercased(), funding: funding)
            let sealed = try SealedCardData.seal(read, general: general, pin: try pin.map { try PIN($0) }, to: key)
            let body = ["merchantReference": merchantReference, "generalCardData": sealed.generalCardData,
                        "paymentCardData": sealed.paymentCardData]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(body), as: UTF8.self))
        }
    }
}
