import Foundation
import GatewayAPI
import Hummingbird

/// On the Halo routes an unexpected failure answers exactly as the Halo document shows,
/// `500 {"error": "Internal server error"}`, and nothing more; the details go to the log.
/// Errors the gateway anticipated pass on to the envelope middleware.
struct HaloServerErrorMiddleware: RouterMiddleware {
    typealias Context = GatewayContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error where HaloFailures.passesToEnvelope(error) {
            throw error
        } catch let error as any HTTPResponseError where error.status.code < 500 {
            throw error
        } catch {
            context.logger.error("unhandled error on a Halo route", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            let data = (try? JSONCoding.encoder.encode(HaloServerError())) ?? Data()
            return JSONCoding.response(.internalServerError, data: data)
        }
    }
}
