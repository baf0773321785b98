import Foundation
import Hummingbird
import PaymentCore
import Storage

/// Reads ARISE `TransactionFilters` (plus status, type, from, to) from a query string.
enum TransactionListQuery {
    /// ARISE `orderBy` names, lower-cased (the parameter ignores case), and Tapline's `type`.
    static let orders: [String: TransactionQuery.Order] = Dictionary(
        uniqueKeysWithValues: TransactionQuery.Order.allCases.map { ($0.rawValue.lowercased(), $0) })

    /// Every parameter ``parse(_:merchantId:)`` reads; the route refuses any other.
    static let names: Set<String> = [
        "page", "pageSize", "orderBy", "asc", "noBatch", "createMethodId", "createdById", "batchId", "referenceId", "status", "type",
        "from", "to", "idPrefix", "stan", "amount",
    ]

    static func parse(_ parameters: Parameters, merchantId: String) throws -> TransactionQuery {
        var query = TransactionQuery(merchantId: merchantId)
        if let page = parameters.get("page") {
            guard let value = Int(page), value >= 0 else { throw GatewayFailure.invalid("page", "page must be a whole number from 0") }
            query.page = value
        }
        if let size = parameters.get("pageSize") {
            guard let value = Int(size), (1...100).contains(value) else {
                throw GatewayFailure.invalid("pageSize", "pageSize must be between 1 and 100")
            }
            query.pageSize = value
        }
        if let order = parameters.get("orderBy") {
            guard let value = orders[order.lowercased()] else {
                throw GatewayFailure.invalid(
                    "orderBy", "orderBy must be one of: \(TransactionQuery.Order.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            query.orderBy = value
        }
        query.ascending = try bool(parameters, "asc") ?? false
        query.noBatch = try bool(parameters, "noBatch")
        if let method = parameters.get("createMethodId") {
            guard let value = Int(method).flatMap(CreateMethod.init(rawValue:)) else {
                throw GatewayFailure.invalid("createMethodId", "createMethodId must be 1–9")
            }
            query.createMethod = value
        }
        query.createdById = parameters.get("createdById")
        query.batchId = parameters.get("batchId")
        if let reference = parameters.get("referenceId") {
            // The SDK finds a payment by its reference after a timeout left it without an answer.
            guard !reference.isEmpty, reference.count <= 255 else {
                throw GatewayFailure.invalid("referenceId", "referenceId must be 1 to 255 characters")
            }
            query.referenceId = reference
        }
        query.status = try parameters.oneOf("status", TransactionStatus.self)
        query.type = try parameters.oneOf("type", TransactionType.self)
        if let prefix = parameters.get("idPrefix") {
            // A Viva short order code is the start of a payment id.
            guard TransactionQuery.isIdPrefix(prefix) else {
                throw GatewayFailure.invalid("idPrefix", "idPrefix must be 1 to 64 letters, digits, '-' or '_'")
            }
            query.idPrefix = prefix
        }
        if let stan = parameters.get("stan") {
            guard TransactionQuery.isSTAN(stan) else { throw GatewayFailure.invalid("stan", "stan must be six digits") }
            query.stan = stan
        }
        if let amount = parameters.get("amount") {
            guard let value = Int64(amount) else {
                throw GatewayFailure.invalid("amount", "amount must be a whole number of minor units", .amount)
            }
            let exact = try AmountField.positive(value, field: "amount")
            (query.minAmount, query.maxAmount) = (exact, exact)
        }
        query.createdFrom = try date(parameters, "from")
        query.createdTo = try date(parameters, "to")
        return query
    }

    private static func bool(_ parameters: Parameters, _ name: String) throws -> Bool? {
        guard let text = parameters.get(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw GatewayFailure.invalid(name, "\(name) must be true or false")
        }
    }

    private static func date(_ parameters: Parameters, _ name: String) throws -> Date? {
        guard let text = parameters.get(name) else { return nil }
        guard let date = DateTimeParameter.parse(text) else {
            throw GatewayFailure.invalid(name, "\(name) must be an ISO 8601 date-time, e.g. 2026-11-21T00:00:00Z")
        }
        return date
    }
}
