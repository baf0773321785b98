// A stand-in for CoreLocation, used only to type-check Sources/TaplineSDKProximityReader on
// Linux (see docs/ios.md). Transcribed from Apple's documentation: only what the adapter uses.
import Foundation

/// The object you use to start and stop the delivery of location-related events to your app.
/// https://developer.apple.com/documentation/corelocation/cllocationmanager
open class CLLocationManager: NSObject {
    /// https://developer.apple.com/documentation/corelocation/cllocationmanager/init()
    override public init() { fatalError("stub: never run") }

    /// `var authorizationStatus: CLAuthorizationStatus { get }` (iOS 14).
    /// https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus-swift.property
    @available(iOS 14.0, macCatalyst 14.0, *)
    open var authorizationStatus: CLAuthorizationStatus { fatalError("stub: never run") }
}
