import Processing

/// Each follow-up is one request naming the original (docs/iso8583.md, "Operations").
extension ISO8583Processor {
    public func capture(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.capture, request)
    }

    public func incrementAuthorization(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.incrementAuthorization, request)
    }

    public func adjustTip(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.adjustTip, request)
    }

    public func void(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.void, request)
    }

    public func reverse(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.reverse, request)
    }

    public func refund(_ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await followUp(.refund, request)
    }
}
