import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// POSTs JSON to a payment service provider's service and reads its answer, bounded in time
/// and size. Redirects are refused (a redirect could lead card data off https), and a
/// request cancelled by its caller is cancelled on the wire too.
public struct ProviderServiceClient: Sendable {
    public let endpoint: ProviderServiceEndpoint

    public init(endpoint: ProviderServiceEndpoint) {
        self.endpoint = endpoint
    }

    /// The body of the service's 200 answer to `body`. Throws ``ProviderServiceError`` for
    /// anything else, within the endpoint's timeout.
    public func post(_ body: Data) async throws(ProviderServiceError) -> Data {
        let endpoint = endpoint
        do {
            // The race is a safety net only: the client's own deadline, a little earlier, names why.
            return try await racing(endpoint.timeout + .milliseconds(500), timedOut: { ProviderServiceError.timedOut }) {
                try await Self.exchange(body, endpoint: endpoint)
            }
        } catch let error as ProviderServiceError {
            throw error
        } catch is CancellationError {
            throw .timedOut
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            throw .timedOut
        } catch {
            throw .unreachable(Self.reason(error))
        }
    }

    private static func exchange(_ body: Data, endpoint: ProviderServiceEndpoint) async throws -> Data {
        var request = HTTPClientRequest(url: endpoint.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        request.tlsConfiguration = endpoint.tls
        let response = try await OutboundHTTP.client.execute(request, timeout: TimeAmount(endpoint.timeout))
        guard response.status == .ok else {
            throw ProviderServiceError.status(Int(response.status.code))
        }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > endpoint.maxResponseBytes {
            throw ProviderServiceError.tooLarge(endpoint.maxResponseBytes)
        }
        do {
            let buffer = try await response.body.collect(upTo: endpoint.maxResponseBytes)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw ProviderServiceError.tooLarge(endpoint.maxResponseBytes)
        }
    }

    /// A short, card-data-free reason for a transport failure.
    private static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 200 ? String(text.prefix(200)) : text
    }
}
