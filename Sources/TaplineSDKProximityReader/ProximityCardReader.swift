#if canImport(ProximityReader)
import ProximityReader
import TaplineSDK
#endif
