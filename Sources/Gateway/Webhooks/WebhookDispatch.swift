/// Which claimed deliveries a pass posts, and in what order, so that one slow or dead
/// endpoint cannot hold up the others: at most `perEndpoint` posts to one endpoint at a
/// time, and once an endpoint fails in a pass its remaining deliveries are held back (not
/// attempted, not counted) and wait with the rest of its queue for its next retry.
struct WebhookDispatch {
    private var waiting: [WebhookJob]
    private var inFlight: [String: Int] = [:]
    private(set) var failedEndpoints: Set<String> = []
    /// Jobs of failed endpoints that were never posted in this pass.
    private(set) var heldBack: [WebhookJob] = []
    let perEndpoint: Int

    init(_ jobs: [WebhookJob], perEndpoint: Int) {
        waiting = jobs
        self.perEndpoint = max(1, perEndpoint)
    }

    /// The next job to post now, in claim order; nil when every waiting job's endpoint is
    /// at its limit (or nothing waits).
    mutating func next() -> WebhookJob? {
        holdBackFailed()
        guard let index = waiting.firstIndex(where: { inFlight[$0.endpoint.id, default: 0] < perEndpoint }) else { return nil }
        let job = waiting.remove(at: index)
        inFlight[job.endpoint.id, default: 0] += 1
        return job
    }

    /// Records that a post ended; a failure holds back the endpoint's remaining jobs.
    mutating func finished(_ result: WebhookAttemptResult) {
        inFlight[result.job.endpoint.id, default: 1] -= 1
        if !result.isDelivered { failedEndpoints.insert(result.job.endpoint.id) }
        holdBackFailed()
    }

    private mutating func holdBackFailed() {
        guard !failedEndpoints.isEmpty else { return }
        heldBack += waiting.filter { failedEndpoints.contains($0.endpoint.id) }
        waiting.removeAll { failedEndpoints.contains($0.endpoint.id) }
    }
}
