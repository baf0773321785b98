// A stand-in for UIKit, used only by Tests/TaplineSDKTests/IOSAdapterCompileTests.swift and
// scripts/check_ios_adapter.sh to type-check Sources/TaplineSDKProximityReader on Linux. No
// package target builds it and an iOS build never sees it. See docs/ios.md.
import Foundation

/// An abstract interface for responding to and handling events (the adapter only needs it as
/// UIViewController's superclass).
/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {}
