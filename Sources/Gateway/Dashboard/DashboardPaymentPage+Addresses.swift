import PaymentCore

extension DashboardPaymentPage {
    /// A billing or shipping address as the page prints it, one line each.
    struct Address: Sendable {
        var heading: String
        var lines: [Line]
    }

    struct Line: Sendable {
        var text: String
    }

    /// The billing and shipping addresses the payment was made with, those it has.
    static func addresses(of payment: Transaction) -> [Address] {
        [("Billing address", payment.billingAddress), ("Shipping address", payment.shippingAddress)].compactMap { heading, address in
            guard let address else { return nil }
            let place = [address.city, address.stateName, address.postalCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            let lines = [address.line1, address.line2, place.isEmpty ? nil : place, address.countryId.map { "Country \($0)" }]
                .compactMap { $0 }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : Address(heading: heading, lines: lines.map(Line.init))
        }
    }

    /// What address verification answered: its code and what the code means.
    static func avs(of payment: Transaction) -> String? {
        payment.avsResult.map { "\($0.code): \($0.meaning)" }
    }
}
