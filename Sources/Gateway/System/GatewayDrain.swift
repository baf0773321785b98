import Foundation
import Hummingbird
import PaymentCore

/// The gateway's stop, from SIGTERM or SIGINT to exit: requests in flight are counted, and
/// once the stop begins `/ready` answers 503 so a load balancer sends no more. The HTTP
/// server then stops accepting and lets what it took finish, the webhook worker finishes the
/// deliveries it started, and the acquirer links sign off (``buildApplication`` orders the
/// services so). One per gateway, shared by the route pipeline and `tapline serve`.
public final class GatewayDrain: Sendable {
    private struct State {
        var draining = false
        var inFlight = 0
        var finishedWhileDraining = 0
    }

    private let state = LockedBox(State())

    public init() {}

    /// Whether the stop has begun.
    public var isDraining: Bool { state.withLock { $0.draining } }

    /// Requests being answered now.
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// Requests that finished after the stop began.
    public var finishedWhileDraining: Int { state.withLock { $0.finishedWhileDraining } }

    /// Marks the stop begun and returns the requests then in flight.
    @discardableResult
    public func begin() -> Int {
        state.withLock { state in
            state.draining = true
            return state.inFlight
        }
    }

    func requestStarted() { state.withLock { $0.inFlight += 1 } }

    func requestFinished() {
        state.withLock { state in
            state.inFlight -= 1
            if state.draining { state.finishedWhileDraining += 1 }
        }
    }
}

/// Counts each request in flight for ``GatewayDrain``; outermost, so every answer counts.
struct InFlightMiddleware<Context: RequestContext>: RouterMiddleware {
    let drain: GatewayDrain

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        drain.requestStarted()
        defer { drain.requestFinished() }
        return try await next(request, context)
    }
}
