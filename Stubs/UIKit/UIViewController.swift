// Transcribed from Apple's documentation: only what TaplineSDKProximityReader uses. See docs/ios.md.
import Foundation

/// `@MainActor class UIViewController : UIResponder`: what
/// ProximityReaderDiscovery.presentContent(_:from:) presents from.
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {}
