import Foundation
import GatewayAPI
import HTTPTypes
import Hummingbird
import PaymentCore
import Storage

/// `/v1/disputes`: a merchant's disputes (`getDisputes`), its answers (`respondToDisputes`),
/// and the operator's import of the acquirer's dispute file (`importDisputes`).
struct DisputeController {
    let disputes: DisputeService

    var routes: [GatewayRoute] {
        let dispute = APIPath.dispute(PathParameter.id.template)
        var evidence = GatewayRoute.idempotent(.post, APIPath.disputeEvidence(PathParameter.id.template), .permission(.respondToDisputes)) { input in
            let request = try JSONCoding.decode(DisputeEvidenceRequest.self, from: input.body)
            let answered = try await disputes.submitEvidence(
                id: try input.parameter(.id), merchantId: try input.caller.merchantId, try DisputeEvidence(request))
            return (.ok, try JSONCoding.encoder.encode(answered))
        }
        evidence.bodyLimit = DisputeEvidence.maxBodyBytes
        var importing = GatewayRoute.idempotent(.post, APIPath.disputeImport, .permission(.importDisputes)) { input in
            let result = try await disputes.importFile(try DisputeFile(Data(buffer: input.body)), merchantId: try input.caller.merchantId)
            return (.ok, try JSONCoding.encoder.encode(result))
        }
        importing.bodyLimit = DisputeFile.maxBytes
        return [
            .get(APIPath.disputes, .permission(.getDisputes), query: DisputeListQuery.names) { input in
                let query = try DisputeListQuery.parse(input.request.uri.queryParameters, merchantId: try input.caller.merchantId)
                return try JSONCoding.response(.ok, try await disputes.list(query))
            },
            .get(dispute, .permission(.getDisputes)) { input in
                try JSONCoding.response(.ok, try await disputes.dispute(id: try input.parameter(.id), merchantId: try input.caller.merchantId))
            },
            .idempotent(.post, APIPath.disputeAcceptance(PathParameter.id.template), .permission(.respondToDisputes)) { input in
                try JSONCoding.requireNoFields(input.body)
                let accepted = try await disputes.accept(id: try input.parameter(.id), merchantId: try input.caller.merchantId)
                return (.ok, try JSONCoding.encoder.encode(accepted))
            },
            evidence,
            .get(APIPath.disputeEvidenceFile(PathParameter.id.template, fileId: PathParameter.fileId.template), .permission(.getDisputes)) { input in
                let file = try await disputes.evidenceFile(
                    id: try input.parameter(.fileId), disputeId: try input.parameter(.id), merchantId: try input.caller.merchantId)
                return Self.download(file)
            },
            importing,
        ]
    }

    /// The file's bytes as it was given, to save rather than show: never rendered by a browser
    /// as a page of ours, whatever its bytes say.
    static func download(_ file: DisputeEvidenceFile) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.contentDisposition] = "attachment; filename=\"\(file.id)\""
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[.contentSecurityPolicy] = "default-src 'none'; sandbox"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: file.data)))
    }
}

/// Reads the dispute list's page and filters from a query string.
enum DisputeListQuery {
    static let names: Set<String> = ["page", "pageSize", "status", "paymentId"]

    static func parse(_ parameters: Parameters, merchantId: String) throws -> DisputeQuery {
        var query = DisputeQuery(merchantId: merchantId)
        if let page = parameters.get("page") {
            guard let value = Int(page), (0...100_000).contains(value) else {
                throw GatewayError.invalid("page", "page must be a whole number from 0 to 100000")
            }
            query.page = value
        }
        if let size = parameters.get("pageSize") {
            guard let value = Int(size), (1...100).contains(value) else { throw GatewayError.invalid("pageSize", "pageSize must be between 1 and 100") }
            query.pageSize = value
        }
        query.status = try parameters.oneOf("status", DisputeStatus.self)
        if let paymentId = parameters.get("paymentId") {
            guard !paymentId.isEmpty, paymentId.count <= 64 else { throw GatewayError.invalid("paymentId", "paymentId is 1 to 64 characters") }
            query.paymentId = paymentId
        }
        return query
    }
}
