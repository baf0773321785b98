import Foundation
import PaymentCore
import GatewayAPI

/// Tap to Pay on this device (ARISE `ttp`): compatibility, activation, preparing the
/// reader, payments by tap, aborting one, and the events of it all.
public final class TapToPay: Sendable {
    /// Renew the reader token this long before it expires.
    static let readerTokenLeeway: TimeInterval = 300

    let connection: GatewayConnection
    let reader: (any CardReader)?
    let deviceName: String?
    let events = EventBroadcaster<TTPEvent>()
    let state = LockedBox(TapToPayState())

    init(connection: GatewayConnection, reader: (any CardReader)?, deviceName: String?) {
        self.connection = connection
        self.reader = reader
        self.deviceName = deviceName
        reader?.setEventHandler { [weak self] event in self?.readerReported(event) }
    }

    /// Whether this device can use Tap to Pay, check by check.
    public func checkCompatibility() -> TTPCompatibilityResult {
        guard let reader else {
            return TTPCompatibilityResult(
                deviceModelCheck: DeviceModelCheck(isCompatible: false, modelIdentifier: "no card reader configured"),
                iosVersionCheck: IOSVersionCheck(isCompatible: false, version: "unknown", minimumRequiredVersion: "18.0"),
                locationPermission: .undetermined, tapToPayEntitlement: .unavailable)
        }
        return reader.checkCompatibility()
    }

    /// Whether the gateway has Tap to Pay active for this device; an unregistered device is inactive.
    public func getStatus() async throws(TaplineAPIError) -> TTPStatus {
        do {
            let device: DeviceInfo = try await connection.get(APIPath.device(connection.deviceId))
            return device.tapToPayEnabled ? .active : .inactive
        } catch {
            if case .notFound = error { return .inactive }
            throw error
        }
    }

    /// Registers this device with the merchant, activates Tap to Pay for it on the gateway,
    /// and links the merchant's account on the reader (Apple shows its terms here).
    public func activate() async throws {
        let reader = try requireReader()
        let compatibility = reader.checkCompatibility()
        guard compatibility.isCompatible else { throw TTPError.notCompatible(reasons: compatibility.incompatibilityReasons) }
        let deviceId = connection.deviceId
        let _: DeviceInfo = try await connection.post(APIPath.devices, body: RegisterDeviceRequest(deviceId: deviceId, deviceName: deviceName))
        let _: DeviceInfo = try await connection.post(APIPath.activateTapToPay(deviceId), body: EmptyBody())
        let token = try await readerToken(renew: true)
        do {
            if try await !reader.isAccountLinked(using: token) { try await reader.linkAccount(using: token) }
        } catch {
            throw TTPError.activationFailed(code: "READER", message: "the reader could not link the merchant's account: \(error)")
        }
    }

    /// Shows the platform's Tap to Pay education screens (iOS, from a `UIViewController`).
    @MainActor
    public func showEducationalInfo(from presenter: AnyObject) async throws {
        let reader = try requireReader()
        do {
            try await reader.showEducationalInfo(from: presenter)
        } catch {
            throw TTPError.unknown(code: "EDUCATION_UNSUPPORTED", message: "educational content is not available here: \(error)")
        }
    }

    /// Prepares the reader for taps: checks compatibility and activation, fetches a reader
    /// token and the merchant's settings. Call it once after sign-in; payments prepare again
    /// by themselves when the token runs out.
    public func prepare() async throws {
        let reader = try requireReader()
        let compatibility = reader.checkCompatibility()
        guard compatibility.isCompatible else { throw TTPError.notCompatible(reasons: compatibility.incompatibilityReasons) }
        publish(.customEvent(.preparing))
        guard try await getStatus() == .active else { throw TTPError.notActive }
        let token = try await readerToken(renew: false)
        do {
            // Active at the gateway but not linked on this reader: a new install, or a new
            // process of the simulated reader. Link it, as Apple asks before the first prepare.
            if try await !reader.isAccountLinked(using: token) { try await reader.linkAccount(using: token) }
            try await reader.prepare(using: token)
        } catch {
            publish(.customEvent(.readerNotReady("\(error)")))
            throw TTPError.configurationFailed(code: "READER", message: "the reader could not be prepared: \(error)")
        }
        let settings: PaymentSettingsResponse = try await connection.get(APIPath.paymentSettings)
        state.withLock {
            $0.settings = settings
            $0.prepared = true
        }
        publish(.customEvent(.ready))
    }

    /// Cancels the payment waiting for a card. False when no payment is running; throws
    /// ``TTPError/failedToAbortTransaction`` once the card is being read or authorised.
    public func abortTransaction() async throws(TTPError) -> Bool {
        let reader = try requireReader()
        switch state.withLock({ $0.phase }) {
        case .idle: return false
        case .cardReading, .authorising: throw .failedToAbortTransaction
        case .awaitingCard:
            state.withLock { $0.abortRequested = true }
            await reader.cancelRead()
            return true
        }
    }

    /// Every Tap to Pay event from now on: the reader's and the SDK's, in order.
    public func eventsStream() throws(TTPError) -> AsyncStream<TTPEvent> {
        _ = try requireReader()
        return events.stream()
    }

    func requireReader() throws(TTPError) -> any CardReader {
        guard let reader else {
            throw .sdkNotInitialized("no card reader: pass ProximityCardReader() (iOS) or SimulatedCardReader() in TaplineConfiguration")
        }
        return reader
    }
}
