import ArgumentParser
import CardData
import Foundation
import PaymentCore
import TaplineSDK

/// `tapline demo`: a whole Tap to Pay payment through the SDK against a running gateway,
/// with the simulated reader, printing each state, each reader event and the receipt.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Take a simulated Tap to Pay payment through the SDK against a running gateway.",
        discussion: "Needs a gateway (swift run tapline serve) and an API client; serve prints one on first start.")

    @OptionGroup var login: GatewayLoginOptions
    @Option(help: "The test card tapped; see the README's test cards.")
    var card = TestCards.visaApproved.pan
    @Option(help: "The amount in major units, e.g. 12.34.")
    var amount = "12.34"
    @Option(help: "ISO 4217 currency code.")
    var currency = "USD"
    @Option(help: "The PIN the customer enters if the card asks for one.")
    var pin = TestCards.correctPIN
    @Option(help: "Milliseconds the simulated customer takes to tap and to enter the PIN.")
    var paceMs = 300

    func run() async throws {
        guard let currency = Currency(code: currency) else { throw ValidationError("--currency: unknown ISO 4217 code \(currency)") }
        let money: Money
        do { money = try Money(parsing: amount, currency: currency) } catch { throw ValidationError("--amount: \(error)") }
        // A file store: the device registered and activated on the first run is used again.
        let signedIn = try await login.signIn(
            keepingTokensIn: FileTokenStore(directory: FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".tapline/demo")))
        let (base, store, account) = (signedIn.environment, signedIn.store, signedIn.client)
        // A device activated by an earlier run had its account linked then; a new simulated
        // reader starts unlinked, so tell it what the platform would remember.
        let active = try await account.ttp.getStatus() == .active
        let reader = SimulatedCardReader(
            customer: SimulatedCustomer(card: card, pinEntries: [pin]), pace: paceMs > 0 ? .delayed(.milliseconds(paceMs)) : .immediate,
            accountLinked: active)
        let client = TaplineClient(environment: base, configuration: TaplineConfiguration(
            tokenStore: store, cardReader: reader, deviceName: "tapline demo"))
        print("authenticated with \(base.baseURL.absoluteString) (SDK \(client.getVersion()))")
        if !active {
            try await client.ttp.activate()
            print("registered and activated device \(client.getDeviceId())")
        }
        try await client.ttp.prepare()
        print("reader prepared; tapping \(PAN.masked(card)) for \(money)")
        let session = TransactionSession(client: client)
        let updates = session.updatesStream()
        let printer = Task {
            for await update in updates {
                switch update {
                case .state(let state):
                    print("state: \(state.rawValue)")
                    if [.completed, .cancelled, .failed].contains(state) { return }
                case .event(.readerEvent(let event)): print("  reader: \(event)")
                case .event(.customEvent(let event)): print("  sdk: \(event)")
                }
            }
        }
        let result = await Result { try await session.startTransaction(amount: money.minorUnits, currency: money.currency.code) }
        await printer.value
        let receipt = try result.get()
        print(DemoReceipt.text(receipt))
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
