import GatewayAPI
import PaymentCore

/// The customer's side of a keyed request: billing and shipping addresses and contact
/// details, each part checked for length so nothing unbounded is stored.
struct CustomerFields {
    var billing: PostalAddress?
    var shipping: PostalAddress?
    var contact: ContactDetails?

    /// Longest name, company, email or mobile number kept.
    static let maxContactLength = 255

    static func read(_ body: CardTransactionRequest) throws -> CustomerFields {
        let billing = try address(body.billingAddress, field: "billingAddress")
        let shipping = try address(body.shippingAddress, field: "shippingAddress")
        var contact: ContactDetails?
        if let info = body.contactInfo {
            for (name, value) in [
                ("firstName", info.firstName), ("lastName", info.lastName), ("companyName", info.companyName), ("email", info.email),
            ] {
                try CardPaymentValidator.checkLength(value, field: "contactInfo.\(name)", max: maxContactLength)
            }
            if let mobile = info.mobileNumber {
                let allowed = mobile.allSatisfy { ($0.isASCII && $0.isNumber) || " +-().".contains($0) }
                guard allowed, (1...32).contains(mobile.count) else {
                    throw GatewayFailure.invalid("contactInfo.mobileNumber", "contactInfo.mobileNumber must be 1 to 32 digits, spaces, +, -, ( or )")
                }
            }
            if info.smsNotification == true, info.mobileNumber == nil {
                throw GatewayFailure.invalid("contactInfo.smsNotification", "contactInfo.smsNotification needs contactInfo.mobileNumber to send to")
            }
            let details = ContactDetails(
                firstName: info.firstName, lastName: info.lastName, companyName: info.companyName, mobileNumber: info.mobileNumber,
                smsNotification: info.smsNotification)
            contact = details.isEmpty ? nil : details
        }
        return CustomerFields(billing: billing, shipping: shipping, contact: contact)
    }

    private static func address(_ address: PostalAddress?, field: String) throws -> PostalAddress? {
        // An empty object says nothing; kept as no address.
        guard let address, address != PostalAddress() else { return nil }
        for (name, value) in [("line1", address.line1), ("line2", address.line2), ("city", address.city), ("stateName", address.stateName)] {
            try CardPaymentValidator.checkLength(value, field: "\(field).\(name)", max: PostalAddress.maxTextLength)
        }
        if let postal = address.postalCode {
            let allowed = postal.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == " " || $0 == "-" }
            guard allowed, (1...PostalAddress.maxPostalCodeLength).contains(postal.count) else {
                throw GatewayFailure.invalid(
                    "\(field).postalCode", "\(field).postalCode must be 1 to \(PostalAddress.maxPostalCodeLength) letters, digits, spaces or dashes")
            }
        }
        for (name, value) in [("stateId", address.stateId), ("countryId", address.countryId)] {
            if let value, !(1...999_999).contains(value) {
                throw GatewayFailure.invalid("\(field).\(name)", "\(field).\(name) must be a positive id (at most 999999)")
            }
        }
        return address
    }
}
