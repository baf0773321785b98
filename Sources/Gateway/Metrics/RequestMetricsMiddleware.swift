import Hummingbird

/// Counts every request by route template, method and status, and times it. Router
/// middleware, added once in ``buildRouter(_:metrics:now:)``, so every route (the API, Halo,
/// Koard, the dashboard) and every unknown path is measured the same way. It sits outside the
/// error envelope, so the status is the one the client gets.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    let metrics: GatewayMetrics

    /// The one label of every path no route answers, so an attacker's paths cannot grow the
    /// set of series.
    static let unmatchedRoute = "unmatched"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: Int(response.status.code), since: started)
            return response
        } catch {
            // Only an error the envelope did not turn into an answer gets here.
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            record(request, context: context, status: status, since: started)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, since started: ContinuousClock.Instant) {
        metrics.request(
            route: Self.route(context.endpointPath), method: Self.method(request.method.rawValue), status: status,
            duration: ContinuousClock.now - started)
    }

    /// The router's template of the matched route; unmatched paths are one label.
    static func route(_ endpointPath: String?) -> String {
        guard let endpointPath, endpointPath != "NotFound", endpointPath.hasPrefix("/") else { return unmatchedRoute }
        return endpointPath
    }

    /// Methods a client invents are one label too.
    static func method(_ method: String) -> String {
        ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].contains(method) ? method : "other"
    }
}
