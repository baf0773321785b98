import Foundation
import NIOPosix
import Storage

/// Where SQLite work that waits for the disk runs: NIO's thread pool, never Swift's
/// cooperative threads (a few, shared by every request).
enum SQLiteBlocking {
    /// Runs `work` on NIO's thread pool and returns its result. Unlike
    /// `NIOThreadPool.runIfActive`, the calling task's cancellation does not skip it: a COMMIT
    /// begun for a group must run for every member, whichever request's task carries it.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            NIOThreadPool.singleton.submit { state in
                guard case .active = state else {
                    continuation.resume(throwing: StoreError.unavailable("NIO's thread pool has stopped"))
                    return
                }
                continuation.resume(with: Result(catching: work))
            }
        }
    }
}
