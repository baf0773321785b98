import Foundation
import GatewayAPI
import HTTPTypes
import Hummingbird
import Logging
import PaymentCore

/// Reads `X-Correlation-Id` (or makes one), puts it on every log line of the request and
/// echoes it in the response, so a request can be followed across systems. A malformed one
/// is 400 naming the header (the response carries an id the gateway made).
struct CorrelationMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    static let header = HTTPField.Name(APIHeader.correlationId)!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let given = request.headers[Self.header]
        let correlationId = given.flatMap(Self.acceptable) ?? RandomID.uuidString()
        context.logger[metadataKey: "correlation_id"] = "\(correlationId)"
        let started = ContinuousClock.now
        // A malformed id is refused rather than replaced: the caller would look for its own id
        // in the logs and never find it. Answered here, as the error envelope would.
        var response: Response
        if let given, Self.acceptable(given) == nil {
            response = ErrorEnvelopeMiddleware.response(for: .invalid(
                APIHeader.correlationId, "\(APIHeader.correlationId) must be 1 to 128 printable ASCII characters without spaces"))
        } else {
            response = try await next(request, context)
        }
        response.headers[Self.header] = correlationId
        let elapsed = ContinuousClock.now - started
        // Probes come every few seconds from a load balancer or an orchestrator; at info they
        // would bury the requests an operator looks for.
        context.logger.log(level: Self.probePaths.contains(request.uri.path) ? .debug : .info, "request", metadata: [
            "method": "\(request.method.rawValue)",
            "path": "\(request.uri.path)",
            "status": "\(response.status.code)",
            "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
        ])
        return response
    }

    /// Health, readiness and metrics scrapes: logged at debug.
    static let probePaths: Set<String> = [APIPath.health, APIPath.ready, APIPath.metrics]

    /// A caller's id is logged, so only short printable ids are taken as they are.
    private static func acceptable(_ value: String) -> String? {
        guard !value.isEmpty, value.count <= 128,
              value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) else { return nil }
        return value
    }
}
