import Foundation
import Storage

/// Makes fresh, empty stores of one kind for tests. The store contract suite runs every
/// test once per factory; adding a store kind means adding one factory to that list.
public struct StoreFactory: Sendable, CustomStringConvertible {
    /// What a factory made: the store and what to do once it is closed (delete its files).
    public struct Made: Sendable {
        public var store: any Store
        public var cleanUp: @Sendable () -> Void

        public init(store: any Store, cleanUp: @escaping @Sendable () -> Void = {}) {
            self.store = store
            self.cleanUp = cleanUp
        }
    }

    public let name: String
    private let make: @Sendable () async throws -> Made

    public init(name: String, make: @escaping @Sendable () async throws -> Made) {
        self.name = name
        self.make = make
    }

    public var description: String { name }

    /// Runs `body` with a fresh empty store, then closes and cleans up, also when `body` throws.
    public func withStore<T>(_ body: (any Store) async throws -> T) async throws -> T {
        let made = try await make()
        defer { made.cleanUp() }
        let result: T
        do {
            result = try await body(made.store)
        } catch {
            try? await made.store.close()
            throw error
        }
        try await made.store.close()
        return result
    }

    /// ``MemoryStore``.
    public static let memory = StoreFactory(name: "memory") { Made(store: MemoryStore()) }
}
