import Foundation
import GatewayAPI

/// Finds the payment an inter-app capture or cancel names.
struct InterAppLookup {
    let connection: GatewayConnection

    func original(for request: InterAppRequest) async throws -> TransactionResource {
        guard let match = request.match else { throw InterAppError.missingTransactionReference(request.action) }
        var query = request.dateRange.map { range in
            // The gateway's filter takes whole seconds: widen to them so the window's ends stay in.
            [URLQueryItem(name: "from", value: Self.iso8601(range.from.date, rounding: .down)),
             URLQueryItem(name: "to", value: Self.iso8601(range.to.date, rounding: .up))]
        } ?? []
        query.append(URLQueryItem(name: "pageSize", value: "100"))
        let found: TransactionResource?
        switch match {
        case .orderCode(let id):
            let payment: TransactionResource = try await connection.get(APIPath.transaction(id))
            found = request.dateRange.map { $0.contains(InterAppTimestamp(date: payment.createdAt)) } == false ? nil : payment
        case .shortOrderCode(let prefix):
            // Short codes are only unique on one terminal, as the protocol says: search this device's.
            query.append(URLQueryItem(name: "createdById", value: connection.deviceId))
            let list: TransactionList = try await connection.get(APIPath.transactions, query: query)
            found = list.items.first { $0.parentId == nil && $0.id.hasPrefix(prefix) }
        case .referenceNumber(let reference):
            query.append(URLQueryItem(name: "referenceId", value: reference))
            let list: TransactionList = try await connection.get(APIPath.transactions, query: query)
            found = list.items.first { $0.parentId == nil }
        }
        guard let found else {
            throw TaplineAPIError.notFound(APIProblem(httpStatus: 404, code: "not_found",
                                                      message: "no transaction matches \(match.parameterName) \(match.value)"))
        }
        return found
    }

    static func iso8601(_ date: Date, rounding: FloatingPointRoundingRule) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(rounding)))
    }
}
