// Apple's ProximityReader exists only in the iOS SDK (iPhone and Mac Catalyst). Everywhere
// else, Linux included, this module compiles to nothing and apps use SimulatedCardReader.
// TAPLINE_PROXIMITYREADER_STUBS is set only by the CI check that type-checks this module on
// Linux against Stubs/ (docs/ios.md); no build of the package sets it.
#if canImport(ProximityReader) && (os(iOS) || TAPLINE_PROXIMITYREADER_STUBS)
import Foundation
import PaymentCore
import ProximityReader
import TaplineSDK
import UIKit

/// The ``CardReader`` of a real iPhone: Apple's Tap to Pay on iPhone (ProximityReader).
///
/// ```swift
/// let tapline = TaplineClient(environment: .production,
///                             configuration: .init(cardReader: ProximityCardReader()))
/// ```
///
/// Apple delivers events on an `AsyncStream`, so an event can reach the handler just after
/// the method that caused it has returned, not before as ``CardReader`` otherwise promises.
///
/// It is `@unchecked Sendable` because Apple's classes are not declared `Sendable` in every
/// SDK this package builds with (the current pages list it, older SDKs may not). The class
/// vouches for itself: `reader` and `forwarding` never change, and the session and the event
/// handler, the only mutable state, live behind locks (`Locked`).
// Availability: linkAccount(using:) 15.4, prepare(using:)/events/readPaymentCard(_:)/
// capturePIN 16.0, isAccountLinked(using:) 16.4, Mac Catalyst 17.0 for all of them (pages
// linked at each call). The package's iOS 17 floor already covers iOS; Catalyst needs it said.
@available(iOS 16.4, macCatalyst 17.0, *)
public final class ProximityCardReader: CardReader, @unchecked Sendable {
    typealias EventHandler = @Sendable (CardReaderEvent) -> Void

    /// Nil where `PaymentCardReader.isSupported` is false: Apple's guide creates the reader
    /// only after that check.
    // https://developer.apple.com/documentation/proximityreader/adding-support-for-tap-to-pay-on-iphone-to-your-app
    private let reader: PaymentCardReader?
    private let session = LockedBox<PaymentCardReaderSession?>(nil)
    private let handler: LockedBox<EventHandler?>
    private let forwarding: Task<Void, Never>?

    /// Creates the reader; nothing is shown or configured until ``prepare(using:)``.
    public init() {
        // https://developer.apple.com/documentation/proximityreader/paymentcardreader/issupported
        // https://developer.apple.com/documentation/proximityreader/paymentcardreader/init(options:)
        let reader = PaymentCardReader.isSupported ? PaymentCardReader() : nil
        let handler = LockedBox<EventHandler?>(nil)
        self.reader = reader
        self.handler = handler
        guard let reader else {
            forwarding = nil
            return
        }
        // The task holds the stream and the handler box, never `self`, so deinit runs and
        // cancels it; AsyncStream ends its iteration when the iterating task is cancelled.
        // https://developer.apple.com/documentation/proximityreader/paymentcardreader/events
        let events = Unchecked(reader.events)
        forwarding = Task {
            for await event in events.value {
                guard let mapped = Self.cardReaderEvent(event) else { continue }
                handler.withLock { $0 }?(mapped)
            }
        }
    }

    deinit {
        forwarding?.cancel()
    }

    public func checkCompatibility() -> TTPCompatibilityResult {
        ProximityCompatibility.current()
    }

    public func isAccountLinked(using token: CardReaderToken) async throws(CardReaderError) -> Bool {
        let reader = try requireReader()
        do {
            // https://developer.apple.com/documentation/proximityreader/paymentcardreader/isaccountlinked(using:)
            return try await reader.isAccountLinked(using: Self.appleToken(token))
        } catch {
            throw Self.cardReaderError(error)
        }
    }

    public func linkAccount(using token: CardReaderToken) async throws(CardReaderError) {
        let reader = try requireReader()
        do {
            // https://developer.apple.com/documentation/proximityreader/paymentcardreader/linkaccount(using:)
            try await reader.linkAccount(using: Self.appleToken(token))
        } catch PaymentCardReaderError.accountAlreadyLinked {
            // Linked is what the caller asked for; Apple reports it as an error only to say
            // no sheet was needed.
            // https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountalreadylinked
            return
        } catch {
            throw Self.cardReaderError(error)
        }
    }

    public func prepare(using token: CardReaderToken) async throws(CardReaderError) {
        let reader = try requireReader()
        do {
            // Apple ends the session when the app leaves the foreground; the caller prepares
            // again on return, and a read on the dead session throws `.notPrepared`.
            // https://developer.apple.com/documentation/proximityreader/paymentcardreader/prepare(using:)
            let prepared = try await reader.prepare(using: Self.appleToken(token))
            session.withLock { $0 = prepared }
        } catch {
            throw Self.cardReaderError(error)
        }
    }

    public func readPaymentCard(_ request: CardReadRequest) async throws(CardReaderError) -> CardReadResult {
        let session = try requireSession()
        // https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest/init(amount:currencycode:for:)
        // https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest/transactiontype
        let appleRequest = PaymentCardTransactionRequest(
            amount: request.amount.decimalValue, currencyCode: request.amount.currency.code,
            for: request.kind == .refund ? .refund : .purchase)
        do {
            // https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readpaymentcard(_:)-8jol5
            return try Self.cardReadResult(await session.readPaymentCard(appleRequest))
        } catch {
            throw failure(error)
        }
    }

    public func capturePIN(using pinToken: String, cardReaderTransactionID: String) async throws(CardReaderError) -> CardReadResult {
        let session = try requireSession()
        do {
            // https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/pintoken/init(rawvalue:)
            // https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/capturepin(using:cardreadertransactionid:)
            let token = PaymentCardReaderSession.PINToken(rawValue: pinToken)
            return try Self.cardReadResult(
                await session.capturePIN(using: token, cardReaderTransactionID: cardReaderTransactionID))
        } catch {
            throw failure(error)
        }
    }

    public func cancelRead() async {
        guard let session = session.withLock({ $0 }) else { return }
        // Apple returns false once the card is being read (it can no longer be cancelled);
        // the read then ends by itself, so there is nothing to report here.
        // https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/cancelread()
        _ = try? await session.cancelRead()
    }

    public func setEventHandler(_ handler: @escaping @Sendable (CardReaderEvent) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    @MainActor
    public func showEducationalInfo(from presenter: AnyObject) async throws(CardReaderError) {
        guard let viewController = presenter as? UIViewController else {
            throw .platform("showEducationalInfo needs a UIViewController to present from, not \(type(of: presenter))")
        }
        // ProximityReaderDiscovery is iOS 18 / Mac Catalyst 18.
        // https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery
        guard #available(iOS 18.0, macCatalyst 18.0, *) else { throw .notSupported }
        try await ProximityEducation.presentHowToTap(from: viewController)
    }

    // MARK: - Helpers

    private func requireReader() throws(CardReaderError) -> PaymentCardReader {
        guard let reader else { throw .notSupported }
        return reader
    }

    private func requireSession() throws(CardReaderError) -> PaymentCardReaderSession {
        _ = try requireReader()
        guard let session = session.withLock({ $0 }) else { throw .notPrepared }
        return session
    }

    /// Maps a session error, and forgets the session when Apple says it is gone, so the next
    /// read fails fast with `.notPrepared` instead of asking the dead session again.
    private func failure(_ error: any Error) -> CardReaderError {
        let mapped = Self.cardReaderError(error)
        if mapped == .notPrepared { session.withLock { $0 = nil } }
        return mapped
    }

    // https://developer.apple.com/documentation/proximityreader/paymentcardreader/token/init(rawvalue:)
    private static func appleToken(_ token: CardReaderToken) -> PaymentCardReader.Token {
        PaymentCardReader.Token(rawValue: token.rawValue)
    }
}
#endif
