import Foundation
import GatewayAPI
import PaymentCore

/// Finds the payment an inter-app capture or cancel names: by its search parameter, or,
/// with none (each is optional in the protocol), this device's latest payment the action
/// applies to within the date range.
struct InterAppLookup {
    let connection: GatewayConnection

    func original(for request: InterAppRequest) async throws -> TransactionResource {
        var query = request.dateRange.map { range in
            // The gateway's filter takes whole seconds: widen to them so the window's ends stay in.
            [URLQueryItem(name: "from", value: Self.iso8601(range.from.date, rounding: .down)),
             URLQueryItem(name: "to", value: Self.iso8601(range.to.date, rounding: .up))]
        } ?? []
        query.append(URLQueryItem(name: "pageSize", value: "100"))
        guard let match = request.match else { return try await latest(for: request.action, query: query) }
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
            let byReference: TransactionList = try await connection.get(
                APIPath.transactions, query: query + [URLQueryItem(name: "referenceId", value: reference)])
            if let payment = byReference.items.first(where: { $0.parentId == nil }) {
                found = payment
            } else {
                // The protocol's referenceNumber is the STAN the acquirer link sent the payment
                // under; STANs are per terminal, so only this device's payments are searched.
                let mine: TransactionList = try await connection.get(
                    APIPath.transactions, query: query + [URLQueryItem(name: "createdById", value: connection.deviceId)])
                found = mine.items.first { $0.parentId == nil && $0.stan == reference }
            }
        }
        guard let found else {
            throw TaplineAPIError.notFound(APIProblem(httpStatus: 404, code: "not_found",
                                                      message: "no transaction matches \(match.parameterName) \(match.value)"))
        }
        return found
    }

    /// This device's newest payment that `action` can act on: a hold to capture, or a hold or
    /// charge to cancel.
    private func latest(for action: InterAppAction, query: [URLQueryItem]) async throws -> TransactionResource {
        let fits: Set<TransactionStatus> = action == .capturePreAuth ? [.authorized] : [.authorized, .captured]
        let mine: TransactionList = try await connection.get(
            APIPath.transactions, query: query + [URLQueryItem(name: "createdById", value: connection.deviceId)])
        guard let payment = mine.items.first(where: { $0.parentId == nil && fits.contains($0.status) }) else {
            let what = action == .capturePreAuth ? "pre-authorization to capture" : "payment to cancel"
            throw TaplineAPIError.notFound(APIProblem(
                httpStatus: 404, code: "not_found", message: "no search parameter was given and this device has no \(what) in the search window"))
        }
        return payment
    }

    static func iso8601(_ date: Date, rounding: FloatingPointRoundingRule) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(rounding)))
    }
}
