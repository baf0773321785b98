/// What ``SimulatedBook`` decided for one transaction id: the answer it gives again to a
/// repeat, and what an approval changed so `cancel` can undo it.
struct SimulatedDecision: Sendable {
    /// What an approval did to the authorization under `reference`.
    struct Change: Sendable {
        var reference: String
        /// Nil when the approval created the authorization.
        var before: SimulatedAuthorization?
        var after: SimulatedAuthorization
    }

    var response: ProcessorResponse
    var change: Change?
    var isCancelled = false
    /// Soft-declined or refused for a wrong PIN: a new PIN try may still approve.
    var awaitsPIN = false
    /// The answer to each PIN try, so a repeated try replays instead of counting twice.
    var pinAnswers: [Int: ProcessorResponse] = [:]
}
