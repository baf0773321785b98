import Foundation

/// Reader tokens and PIN tokens from the payment service provider's token service
/// (`--reader-tokens remote`): one JSON POST each (``ReaderTokenServiceRequest``, answered by
/// ``ReaderTokenServiceAnswer``), over HTTPS with mutual TLS when configured, bounded by the
/// endpoint's timeout and size. Reader tokens are cached (``ReaderTokenCache``); PIN tokens
/// are not. Any failure is ``GatewayFailure/readerTokenServiceUnavailable(reason:)``, whose
/// reason names the failure, never the token.
struct RemoteReaderTokenIssuer: ReaderTokenIssuer {
    let client: ProviderServiceClient
    let cache = ReaderTokenCache()

    init(settings: RemoteReaderTokenSettings) {
        client = ProviderServiceClient(endpoint: settings.endpoint)
    }

    func readerToken(for request: ReaderTokenRequest) async throws -> IssuedReaderToken {
        let key = ReaderTokenCache.Key(
            merchantId: request.merchantId, deviceId: request.deviceId, appleMerchantIdentifier: request.appleMerchantIdentifier)
        if let cached = await cache.token(for: key, now: request.issuedAt) { return cached }
        let issued = try await fetch(
            .reader(request), maxLength: RemoteReaderTokenSettings.maxReaderTokenLength, now: request.issuedAt)
        await cache.store(issued, for: key, now: request.issuedAt)
        return issued
    }

    func pinToken(for request: PINTokenRequest) async throws -> String {
        try await fetch(.pin(request), maxLength: RemoteReaderTokenSettings.maxPINTokenLength, now: request.issuedAt).token
    }

    private func fetch(_ request: ReaderTokenServiceRequest, maxLength: Int, now: Date) async throws -> IssuedReaderToken {
        do {
            let body: Data
            do {
                body = try await client.post(try request.encoded())
            } catch let error as ProviderServiceError {
                throw ReaderTokenServiceFailure.service(error)
            }
            return try ReaderTokenServiceAnswer.issued(from: body, maxLength: maxLength, now: now)
        } catch let failure as ReaderTokenServiceFailure {
            throw GatewayFailure.readerTokenServiceUnavailable(reason: failure.description)
        }
    }
}
