import Hummingbird

/// Finds who is signed in from the session cookie, once per dashboard request, for the
/// route group (as Hummingbird's session authenticator does): the pipeline then only asks
/// whether the route needs a user, and which role.
struct DashboardSessionMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    let accounts: DashboardAccounts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let token = DashboardCookies.value(DashboardCookies.session, in: request.headers)
        if token != nil { context.dashboard = try await accounts.current(token: token) }
        return try await next(request, context)
    }
}
