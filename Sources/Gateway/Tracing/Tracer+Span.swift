import PaymentCore
import Tracing

extension Tracer {
    /// Runs `body` in a span named `name`: a child of the task's current span, or the root of
    /// a trace. Spans `body` starts are its children. An error `body` throws marks the span
    /// failed and names the error's type only (`error.type`), never its text, which may quote
    /// what a client sent.
    ///
    /// Span attributes never hold card data, keys or a merchant's name: ids, types, codes.
    func span<T>(
        _ name: String, kind: SpanKind = .internal, _ body: (any Tracing.Span) async throws -> T
    ) async rethrows -> T {
        let span = startSpan(name, context: ServiceContext.current ?? .topLevel, ofKind: kind)
        defer { span.end() }
        do {
            return try await ServiceContext.$current.withValue(span.context) { try await body(span) }
        } catch {
            span.failed(error)
            throw error
        }
    }
}

extension Tracer {
    /// A use case's span (`payment sale`, `follow-up capture`): the merchant and the type from
    /// the start, and the status the transaction `status` picks out of the result ended in.
    func useCase<T>(
        _ kind: String, type: TransactionType, merchantId: String, status: (T) -> TransactionStatus,
        _ body: (any Tracing.Span) async throws -> T
    ) async rethrows -> T {
        try await span("\(kind) \(type.rawValue)") { span in
            span.attributes["tapline.merchant_id"] = merchantId
            span.attributes["tapline.transaction.type"] = type.rawValue
            let finished = try await body(span)
            span.attributes["tapline.transaction.status"] = status(finished).rawValue
            return finished
        }
    }
}

extension Span {
    /// Marks the span failed with `error`'s type, not its text.
    func failed(_ error: any Error) {
        attributes["error.type"] = "\(type(of: error))"
        setStatus(SpanStatus(code: .error))
    }
}
