// A stand-in for Apple's ProximityReader framework, used only by
// Tests/TaplineSDKTests/IOSAdapterCompileTests.swift and scripts/check_ios_adapter.sh to
// type-check Sources/TaplineSDKProximityReader on Linux. No package target builds it and an iOS
// build never sees it. Each declaration is transcribed from the Apple page linked on it: only
// what the adapter uses, plus every case of the enums it switches over. Bodies never run.
// Conformances are those of each page's "Conforms To"; a class Apple lists as Sendable is
// `@unchecked Sendable` here only because a non-final class cannot say it otherwise.
// How to update it when Apple's API changes: docs/ios.md.
import Foundation

/// An object you use to configure Tap to Pay on iPhone on the current device.
/// https://developer.apple.com/documentation/proximityreader/paymentcardreader
@available(iOS 15.4, macCatalyst 17.0, *)
public class PaymentCardReader: @unchecked Sendable {
    /// `init(options: PaymentCardReader.Options = .init())`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/init(options:)
    public init(options: PaymentCardReader.Options = .init()) { fatalError("stub: never run") }

    /// `static let isSupported: Bool`: iPhone XS or newer; the OS version is not checked.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/issupported
    public static let isSupported: Bool = false

    /// `final let events: AsyncStream<PaymentCardReader.Event>`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/events
    @available(iOS 16.0, macCatalyst 17.0, *)
    public final let events: AsyncStream<PaymentCardReader.Event>

    /// `func prepare(using token: PaymentCardReader.Token) async throws -> PaymentCardReaderSession`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/prepare(using:)
    @available(iOS 16.0, macCatalyst 17.0, *)
    public func prepare(using token: PaymentCardReader.Token) async throws -> PaymentCardReaderSession {
        fatalError("stub: never run")
    }

    /// `func isAccountLinked(using token: PaymentCardReader.Token) async throws -> Bool`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/isaccountlinked(using:)
    @available(iOS 16.4, macCatalyst 17.0, *)
    public func isAccountLinked(using token: PaymentCardReader.Token) async throws -> Bool {
        fatalError("stub: never run")
    }

    /// `func linkAccount(using token: PaymentCardReader.Token) async throws`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/linkaccount(using:)
    public func linkAccount(using token: PaymentCardReader.Token) async throws { fatalError("stub: never run") }
}

@available(iOS 15.4, macCatalyst 17.0, *)
extension PaymentCardReader {
    /// Additional information you use to configure a payment card reader.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/options-swift.struct
    public struct Options {
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/options-swift.struct/init()
        public init() {}
    }

    /// A secure token that you receive from your participating payment service provider.
    /// Conforms to Equatable, Hashable, RawRepresentable, Sendable.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/token
    public struct Token: Hashable, RawRepresentable, Sendable {
        /// `let rawValue: String`
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/token/rawvalue
        public let rawValue: String

        /// `init(rawValue: String)`
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/token/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}
