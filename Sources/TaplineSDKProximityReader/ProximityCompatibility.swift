#if canImport(ProximityReader) && (os(iOS) || TAPLINE_PROXIMITYREADER_STUBS)
import Foundation
import ProximityReader
import TaplineSDK
import UIKit
#if canImport(CoreLocation)
import CoreLocation
#endif

/// The device checks behind ``ProximityCardReader/checkCompatibility()`` (ARISE
/// `checkCompatibility`). It only looks: asking for location permission is the app's job.
@available(iOS 16.4, macCatalyst 17.0, *)
enum ProximityCompatibility {
    /// The OS Tapline's Tap to Pay requires (ARISE: iOS 18 or later).
    static let minimumOSVersion = OperatingSystemVersion(majorVersion: 18, minorVersion: 0, patchVersion: 0)
    /// "iPhone11,2" is the iPhone XS, the oldest model Apple supports for Tap to Pay.
    static let minimumIPhoneGeneration = 11

    static func current() -> TTPCompatibilityResult {
        // Apple: true only on iPhone XS or newer; it does not look at the OS version, and no
        // API reports the entitlement itself (a missing one surfaces later as
        // PaymentCardReaderError.notAllowed), so this is the closest runtime signal for both.
        // https://developer.apple.com/documentation/proximityreader/paymentcardreader/issupported
        let supported = PaymentCardReader.isSupported
        return TTPCompatibilityResult(
            deviceModelCheck: deviceModelCheck(readerSupported: supported),
            iosVersionCheck: osVersionCheck(),
            locationPermission: locationPermission(),
            tapToPayEntitlement: supported ? .available : .unavailable)
    }

    static func deviceModelCheck(readerSupported: Bool) -> DeviceModelCheck {
        let model = modelIdentifier()
        #if targetEnvironment(simulator)
        // The simulator reports the Mac's architecture ("arm64"), not an iPhone model; only
        // Apple's own answer can say the simulated device reads cards.
        return DeviceModelCheck(isCompatible: readerSupported, modelIdentifier: model)
        #else
        return DeviceModelCheck(isCompatible: isSupportedIPhone(model), modelIdentifier: model)
        #endif
    }

    /// True for "iPhoneN,M" with N of 11 or more; false for iPads, iPods and anything else.
    static func isSupportedIPhone(_ model: String) -> Bool {
        guard model.hasPrefix("iPhone") else { return false }
        let generation = model.dropFirst("iPhone".count).prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(generation) else { return false }
        return number >= minimumIPhoneGeneration
    }

    /// The hardware model, e.g. "iPhone14,2", from `utsname.machine` (POSIX uname(3)).
    // https://www.unix.com/man-page/osx/3/uname
    static func modelIdentifier() -> String {
        var system = utsname()
        guard uname(&system) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    // https://developer.apple.com/documentation/foundation/processinfo/operatingsystemversion
    static func osVersionCheck() -> IOSVersionCheck {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let isCompatible = (version.majorVersion, version.minorVersion, version.patchVersion)
            >= (minimumOSVersion.majorVersion, minimumOSVersion.minorVersion, minimumOSVersion.patchVersion)
        return IOSVersionCheck(isCompatible: isCompatible, version: text(version), minimumRequiredVersion: text(minimumOSVersion))
    }

    /// "18.0", or "18.1.1" when there is a patch number.
    static func text(_ version: OperatingSystemVersion) -> String {
        let base = "\(version.majorVersion).\(version.minorVersion)"
        return version.patchVersion == 0 ? base : "\(base).\(version.patchVersion)"
    }

    static func locationPermission() -> LocationPermissionStatus {
        #if canImport(CoreLocation)
        // https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus-swift.property
        // https://developer.apple.com/documentation/corelocation/clauthorizationstatus
        switch CLLocationManager().authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways: return .granted
        case .denied, .restricted: return .denied
        case .notDetermined: return .undetermined
        @unknown default: return .undetermined
        }
        #else
        return .undetermined
        #endif
    }
}

/// Apple's "how to tap" sheet (ProximityReaderDiscovery, iOS 18).
@available(iOS 18.0, macCatalyst 18.0, *)
enum ProximityEducation {
    /// Not main-actor isolated on purpose: Apple declares both calls as plain `async`
    /// methods of a non-isolated class, so running them here keeps the discovery object in
    /// one isolation domain. The view controller crosses over safely: UIKit isolates it to
    /// the main actor, which makes it Sendable.
    static func presentHowToTap(from viewController: UIViewController) async throws(CardReaderError) {
        do {
            // https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/init()
            // https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/content(for:)
            // https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/topic/payment/howtotap
            // https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/presentcontent(_:from:)
            let discovery = ProximityReaderDiscovery()
            let content = try await discovery.content(for: .payment(.howToTap))
            try await discovery.presentContent(content, from: viewController)
        } catch ProximityReaderDiscovery.ContentError.notSupported {
            // https://developer.apple.com/documentation/proximityreader/proximityreaderdiscovery/contenterror/notsupported
            throw .notSupported
        } catch {
            throw .platform(String(describing: error))
        }
    }
}
#endif
