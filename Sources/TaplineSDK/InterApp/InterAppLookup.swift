import Foundation
import GatewayAPI
import PaymentCore

/// Finds the payment an inter-app capture or cancel names, with one indexed query over all
/// of the merchant's payments (never a scan of the newest page): by order code (the payment's
/// id), short order code (the start of the id, on this device), reference number (the
/// merchant reference, else the STAN the acquirer link sent the payment under), or by its
/// amount within the date range. ``InterAppRequest`` refuses a follow-up that names none.
struct InterAppLookup {
    let connection: GatewayConnection

    func original(for request: InterAppRequest) async throws -> TransactionResource {
        let window = request.dateRange.map { range in
            // The gateway's filter takes whole seconds: widen to them so the window's ends stay in.
            [URLQueryItem(name: "from", value: Self.iso8601(range.from.date, rounding: .down)),
             URLQueryItem(name: "to", value: Self.iso8601(range.to.date, rounding: .up))]
        } ?? []
        let device = URLQueryItem(name: "createdById", value: connection.deviceId)
        guard let match = request.match else {
            // Checked when the request was read: an amount and a date range.
            return try await byAmount(request, query: window + [device])
        }
        let found: TransactionResource?
        switch match {
        case .orderCode(let id):
            let payment: TransactionResource = try await connection.get(APIPath.transaction(id))
            found = request.dateRange.map { $0.contains(InterAppTimestamp(date: payment.createdAt)) } == false ? nil : payment
        case .shortOrderCode(let prefix):
            // Short codes are only unique on one terminal, as the protocol says: this device's.
            found = try await newestPayment(window + [device, URLQueryItem(name: "idPrefix", value: prefix)])
        case .referenceNumber(let reference):
            if let byReference = try await newestPayment(window + [URLQueryItem(name: "referenceId", value: reference)]) {
                found = byReference
            } else if Self.isSTAN(reference) {
                found = try await newestPayment(window + [URLQueryItem(name: "stan", value: reference)])
            } else {
                found = nil
            }
        }
        guard let found else {
            throw TaplineAPIError.notFound(APIProblem(httpStatus: 404, code: "not_found",
                                                      message: "no transaction matches \(match.parameterName) \(match.value)"))
        }
        return found
    }

    /// The newest payment (not a follow-up) among the query's matches.
    private func newestPayment(_ query: [URLQueryItem]) async throws -> TransactionResource? {
        let list: TransactionList = try await connection.get(APIPath.transactions, query: query + [URLQueryItem(name: "pageSize", value: "100")])
        return list.items.first { $0.parentId == nil }
    }

    /// The one payment of this device of exactly `amount` in the date range that the action
    /// can act on (a hold to capture; a hold or charge to cancel). Two or more is refused:
    /// which one the caller meant cannot be known.
    private func byAmount(_ request: InterAppRequest, query: [URLQueryItem]) async throws -> TransactionResource {
        let amount = request.amount ?? 0
        let fits: Set<TransactionStatus> = request.action == .capturePreAuth ? [.authorized] : [.authorized, .captured]
        let list: TransactionList = try await connection.get(
            APIPath.transactions, query: query + [URLQueryItem(name: "amount", value: String(amount)), URLQueryItem(name: "pageSize", value: "100")])
        let candidates = list.items.filter { $0.parentId == nil && fits.contains($0.status) && $0.currency == request.currency.code }
        let (noun, verb) = request.action == .capturePreAuth ? ("pre-authorization", "capture") : ("payment", "cancel")
        guard let payment = candidates.first else {
            throw TaplineAPIError.notFound(APIProblem(
                httpStatus: 404, code: "not_found", message: "this device has no \(noun) of \(amount) minor units to \(verb) in the search window"))
        }
        guard candidates.count == 1 else {
            throw TaplineAPIError.conflict(APIProblem(
                httpStatus: 409, code: "ambiguous_payment",
                message: "this device has \(candidates.count) \(noun)s of \(amount) minor units in the search window; "
                    + "name the one to \(verb) by orderCode or shortOrderCode"))
        }
        return payment
    }

    private static func isSTAN(_ text: String) -> Bool {
        text.utf8.count == 6 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func iso8601(_ date: Date, rounding: FloatingPointRoundingRule) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(rounding)))
    }
}
