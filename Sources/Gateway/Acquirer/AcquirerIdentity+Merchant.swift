import Processing
import Storage

extension AcquirerIdentity {
    /// The merchant's ids at its acquirer (fields 42 and 41), when both are set.
    static func of(_ merchant: Merchant?) -> AcquirerIdentity? {
        nil
    }
}
