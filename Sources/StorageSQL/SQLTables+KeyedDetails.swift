import Foundation
import PaymentCore
import Storage

extension SQLTables {
    /// What a keyed payment keeps beyond its card (SQLite migration 16, PostgreSQL 10): its
    /// price part by part (`amount_*`: integer minor units, rates TEXT percentages), its
    /// processor, billing and shipping addresses, contact details, AVS answer and entry
    /// details. A group is there when any of its columns is not NULL.
    static let keyedDetailColumns: [SQLTable<Transaction>.Column] = amountDetailColumns + [
        Column(name: "processor_id") { SQLValue.text($0.processorId) },
    ] + addressColumns("billing", \.billingAddress) + addressColumns("shipping", \.shippingAddress) + [
        Column(name: "contact_first_name") { SQLValue.text($0.contact?.firstName) },
        Column(name: "contact_last_name") { SQLValue.text($0.contact?.lastName) },
        Column(name: "contact_company_name") { SQLValue.text($0.contact?.companyName) },
        Column(name: "contact_mobile_number") { SQLValue.text($0.contact?.mobileNumber) },
        Column(name: "contact_sms_notification") { SQLValue.flag($0.contact?.smsNotification) },
        Column(name: "avs_result") { SQLValue.text($0.avsResult?.rawValue) },
        Column(name: "customer_initiated") { SQLValue.flag($0.cardEntry?.customerInitiated) },
        Column(name: "emv_fallback_condition") { SQLValue.text($0.cardEntry?.fallbackCondition?.rawValue) },
        Column(name: "emv_fallback_last_chip_read") { SQLValue.text($0.cardEntry?.lastChipRead?.rawValue) },
    ]

    private static let amountDetailColumns: [SQLTable<Transaction>.Column] = [
        Column(name: "amount_base") { SQLValue.integer($0.amountDetails?.base) },
        Column(name: "amount_percentage_off") { SQLValue.integer($0.amountDetails?.percentageOff) },
        Column(name: "amount_percentage_off_rate") { SQLValue.decimal($0.amountDetails?.percentageOffRate) },
        Column(name: "amount_cash_discount") { SQLValue.integer($0.amountDetails?.cashDiscount) },
        Column(name: "amount_cash_discount_rate") { SQLValue.decimal($0.amountDetails?.cashDiscountRate) },
        Column(name: "amount_surcharge") { SQLValue.integer($0.amountDetails?.surcharge) },
        Column(name: "amount_surcharge_rate") { SQLValue.decimal($0.amountDetails?.surchargeRate) },
        Column(name: "amount_tip") { SQLValue.integer($0.amountDetails?.tip) },
        Column(name: "amount_tip_rate") { SQLValue.decimal($0.amountDetails?.tipRate) },
        Column(name: "amount_tax") { SQLValue.integer($0.amountDetails?.tax) },
        Column(name: "amount_tax_rate") { SQLValue.decimal($0.amountDetails?.taxRate) },
    ]

    private static func addressColumns(
        _ prefix: String, _ address: KeyPath<Transaction, PostalAddress?> & Sendable
    ) -> [SQLTable<Transaction>.Column] {
        [
            Column(name: "\(prefix)_line1") { SQLValue.text($0[keyPath: address]?.line1) },
            Column(name: "\(prefix)_line2") { SQLValue.text($0[keyPath: address]?.line2) },
            Column(name: "\(prefix)_city") { SQLValue.text($0[keyPath: address]?.city) },
            Column(name: "\(prefix)_postal_code") { SQLValue.text($0[keyPath: address]?.postalCode) },
            Column(name: "\(prefix)_state_name") { SQLValue.text($0[keyPath: address]?.stateName) },
            Column(name: "\(prefix)_state_id") { SQLValue.integer($0[keyPath: address]?.stateId) },
            Column(name: "\(prefix)_country_id") { SQLValue.integer($0[keyPath: address]?.countryId) },
        ]
    }

    static func decodeKeyedDetails(_ row: SQLRowReader, into transaction: inout Transaction) throws {
        transaction.amountDetails = try decodeAmountDetails(row)
        transaction.processorId = try row.optionalText("processor_id")
        transaction.billingAddress = try decodeAddress(row, "billing")
        transaction.shippingAddress = try decodeAddress(row, "shipping")
        let contact = ContactDetails(
            firstName: try row.optionalText("contact_first_name"), lastName: try row.optionalText("contact_last_name"),
            companyName: try row.optionalText("contact_company_name"), mobileNumber: try row.optionalText("contact_mobile_number"),
            smsNotification: try row.optionalBool("contact_sms_notification"))
        transaction.contact = contact.isEmpty ? nil : contact
        transaction.avsResult = try row.optionalText("avs_result").map { code in
            guard let result = AVSResult(rawValue: code) else { throw StoreError.corrupt("transactions.avs_result \(code) is unknown") }
            return result
        }
        var entry = CardEntryDetails(customerInitiated: try row.optionalBool("customer_initiated"))
        entry.fallbackCondition = try row.optionalText("emv_fallback_condition").map {
            guard let value = CardEntryDetails.FallbackCondition(rawValue: $0) else { throw StoreError.corrupt("transactions.emv_fallback_condition \($0)") }
            return value
        }
        entry.lastChipRead = try row.optionalText("emv_fallback_last_chip_read").map {
            guard let value = CardEntryDetails.LastChipRead(rawValue: $0) else { throw StoreError.corrupt("transactions.emv_fallback_last_chip_read \($0)") }
            return value
        }
        transaction.cardEntry = entry.isEmpty ? nil : entry
    }

    // The price is there when its base is; its other parts are then required.
    private static func decodeAmountDetails(_ row: SQLRowReader) throws -> AmountBreakdown? {
        guard let base = try row.optionalInt64("amount_base") else { return nil }
        return AmountBreakdown(
            base: base, percentageOff: try row.int64("amount_percentage_off"), percentageOffRate: try row.decimal("amount_percentage_off_rate"),
            cashDiscount: try row.int64("amount_cash_discount"), cashDiscountRate: try row.decimal("amount_cash_discount_rate"),
            surcharge: try row.int64("amount_surcharge"), surchargeRate: try row.decimal("amount_surcharge_rate"),
            tip: try row.int64("amount_tip"), tipRate: try row.decimal("amount_tip_rate"),
            tax: try row.int64("amount_tax"), taxRate: try row.decimal("amount_tax_rate"))
    }

    private static func decodeAddress(_ row: SQLRowReader, _ prefix: String) throws -> PostalAddress? {
        let address = PostalAddress(
            line1: try row.optionalText("\(prefix)_line1"), line2: try row.optionalText("\(prefix)_line2"),
            city: try row.optionalText("\(prefix)_city"), postalCode: try row.optionalText("\(prefix)_postal_code"),
            stateName: try row.optionalText("\(prefix)_state_name"), stateId: try row.optionalInt("\(prefix)_state_id"),
            countryId: try row.optionalInt("\(prefix)_country_id"))
        return address == PostalAddress() ? nil : address
    }
}
