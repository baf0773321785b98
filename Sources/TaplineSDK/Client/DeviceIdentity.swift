import Foundation

/// The persistent id of this app installation: made once, then read from the token store
/// (the Keychain on an iPhone), so it survives launches the way ARISE's `getDeviceId()` does.
enum DeviceIdentity {
    private static let lock = NSLock()

    static func deviceId(in store: any TokenStore) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let data = try? store.read(TokenStoreKey.deviceId), let id = String(data: data, encoding: .utf8),
           UUID(uuidString: id) != nil {
            return id
        }
        let id = UUID().uuidString.lowercased()
        try? store.write(Data(id.utf8), for: TokenStoreKey.deviceId)
        return id
    }
}
