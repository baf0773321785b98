import Hummingbird

extension DashboardController {
    /// The webhooks page and one event's page, with what an admin does there.
    func registerWebhookRoutes(on router: Router<GatewayContext>) {
        router.get("/dashboard/webhooks") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await webhooks.page(session: session, user: user) }
        }
        router.post("/dashboard/webhooks") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in try await webhooks.add(request, session: session, user: user) }
        }
        router.post("/dashboard/webhooks/:id/remove") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await webhooks.remove(request, id: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
        router.post("/dashboard/webhooks/:id/rotate-secret") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await webhooks.rotate(request, id: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
        router.get("/dashboard/webhooks/events/:id") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await webhookEvent.page(
                    context.parameters.get("id") ?? "", session: session, user: user,
                    notice: request.uri.queryParameters.get("resent") == nil ? nil : "Sent again: the new delivery is pending below.")
            }
        }
        router.post("/dashboard/webhooks/events/:id/resend") { request, context in
            try await signedIn(request, logger: context.logger) { session, user in
                try await webhookEvent.resend(request, id: context.parameters.get("id") ?? "", session: session, user: user)
            }
        }
    }
}
