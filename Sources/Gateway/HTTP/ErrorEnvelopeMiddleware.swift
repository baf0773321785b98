import Foundation
import GatewayAPI
import Hummingbird
import Logging
import Storage

/// Turns every error into the one envelope `{"error": {...}}`; a domain failure through the
/// canonical table (`GatewayError(_: GatewayFailure)`). Errors the gateway did not
/// anticipate become a plain 500: their details go to the log, never to the client.
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = GatewayContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as GatewayError {
            return Self.response(for: error)
        } catch let failure as GatewayFailure {
            return Self.response(for: GatewayError(failure))
        } catch StoreError.batchTotalsTooLarge {
            // A member change the batch's kept totals could not count: the write was refused.
            return Self.response(for: GatewayError(GatewayFailure.batchTotalsTooLarge))
        } catch StoreError.unavailable(let reason) {
            // The database is down or restarting. Usually nothing was written; when the payment
            // had reached the processor, the recovery job finishes it, and the retry with the
            // same Idempotency-Key gets the final answer either way.
            context.logger.error("database unavailable", metadata: ["reason": "\(reason)"])
            var response = Self.response(for: GatewayError(
                .serviceUnavailable, .serviceUnavailable, "the database is unavailable; retry shortly with the same Idempotency-Key"))
            response.headers[.retryAfter] = "1"
            return response
        } catch let error as any HTTPResponseError {
            return Self.response(for: GatewayError(error.status, Self.code(for: error.status), Self.message(for: error.status)))
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            return Self.response(for: GatewayError(.internalServerError, .internalError, "internal error"))
        }
    }

    static func response(for error: GatewayError) -> Response {
        let data = (try? JSONCoding.encoder.encode(ErrorEnvelope(error: error.body))) ?? Data()
        // RFC 6750: a 401 names the scheme the client should use.
        let headers: HTTPFields = error.status == .unauthorized ? [.wwwAuthenticate: "Bearer"] : [:]
        return JSONCoding.response(error.status, data: data, extraHeaders: headers)
    }

    private static func code(for status: HTTPResponse.Status) -> APIErrorCode {
        switch status.code {
        case 401: return .unauthorized
        case 403: return .forbidden
        case 404: return .notFound
        case 400..<500: return .invalidRequest
        default: return .internalError
        }
    }

    private static func message(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: return "no such route"
        case 405: return "method not allowed on this route"
        case 413: return "the request body is too large"
        case 400..<500: return status.reasonPhrase
        default: return "internal error"
        }
    }
}
