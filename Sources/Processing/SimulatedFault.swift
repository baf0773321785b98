/// A failure ``SimulatedProcessor`` can be told to produce, to test how the gateway copes.
public enum SimulatedFault: Sendable, Equatable {
    /// Throw this error without deciding anything.
    case error(ProcessorError)
    /// Decide and record as usual, then throw ``ProcessorError/noAnswer``: the approval
    /// exists at the processor but the caller never hears of it.
    case loseAnswer
}
