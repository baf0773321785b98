import Hummingbird

/// Every refusal on a dashboard route as a page that says why, for the route group: a
/// refused action on its payment's page (nothing changed), anything else on the error page.
struct DashboardErrorPages: RouterMiddleware {
    typealias Context = GatewayContext
    let payments: DashboardPayments

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch DashboardFailure.refused(let reason, page: .payment(let paymentId)) {
            guard let signedIn = context.dashboard else { throw DashboardFailure.refused(reason, page: .payment(paymentId)) }
            return try await payments.payment(
                paymentId, signedIn: signedIn, problem: DashboardFailure.refused(reason, page: .payments).message, status: .conflict)
        } catch let failure as DashboardFailure {
            return DashboardResponse.failure(failure, model: DashboardPageModel(title: "", signedIn: context.dashboard))
        }
    }
}

/// A dashboard URL no route answers gets the dashboard's own 404 page, not the API's JSON
/// (router middleware: an unknown path reaches no route group).
struct DashboardNotFoundMiddleware: RouterMiddleware {
    typealias Context = GatewayContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && DashboardPath.contains(request.uri.path) {
            return DashboardResponse.failure(.notFound("There is no dashboard page at this address."), model: DashboardPageModel(title: ""))
        }
    }
}
