import Foundation

/// One caller's write as the writer's task holds it: the work to run once, and how to refuse it.
///
/// Both are dropped the moment the write runs or is refused, so the writer keeps no reference
/// to the caller's closure once it answers: ``SQLiteWriter/write(_:)`` lends that closure only
/// until its caller is answered (`withoutActuallyEscaping`). Only the writer's task touches a
/// body after it was queued; the queue's lock orders that after its creation.
final class SQLiteWriteBody: @unchecked Sendable {
    /// How a caller is answered once its body ran.
    enum Answer {
        /// It wrote: answered with the outcome of the COMMIT that holds the write.
        case wrote(finish: @Sendable (Result<Void, any Error>) -> Void)
        /// It threw and was rolled back to its savepoint: answered at once with its error.
        case failed(tell: @Sendable () -> Void)
    }

    private var work: ((SQLiteHandle) async -> Answer)?
    private var refusal: (@Sendable (any Error) -> Void)?

    init(work: @escaping (SQLiteHandle) async -> Answer, refusal: @escaping @Sendable (any Error) -> Void) {
        self.work = work
        self.refusal = refusal
    }

    /// Runs the work on `handle` (once) and returns how to answer its caller.
    func run(on handle: SQLiteHandle) async -> Answer {
        guard let work else { preconditionFailure("a write body runs once") }
        self.work = nil
        refusal = nil
        return await work(handle)
    }

    /// Answers the caller with `error` without running its work.
    func refuse(_ error: any Error) {
        let refusal = refusal
        work = nil
        self.refusal = nil
        refusal?(error)
    }
}
