extension SQLiteSchema {
    /// What a keyed payment keeps beyond its card (ARISE `CardTransactionRequest`). PostgreSQL
    /// has the same change as its migration 10 (`PostgresSchema+KeyedDetails.swift`).
    static let keyedDetailMigrations: [SQLiteMigration] = [
        // The price part by part (rates TEXT percentages, never REAL), the processor, the
        // billing and shipping addresses, contact details, the AVS answer and how the card
        // was entered (customer-initiated, EMV fallback). NULL on older rows and on taps.
        SQLiteMigration(version: 16, name: "keyed payment details", statements: [
            "ALTER TABLE transactions ADD COLUMN amount_base INTEGER",
            "ALTER TABLE transactions ADD COLUMN amount_percentage_off INTEGER",
            "ALTER TABLE transactions ADD COLUMN amount_percentage_off_rate TEXT",
            "ALTER TABLE transactions ADD COLUMN amount_cash_discount INTEGER",
            "ALTER TABLE transactions ADD COLUMN amount_cash_discount_rate TEXT",
            "ALTER TABLE transactions ADD COLUMN amount_surcharge INTEGER",
            "ALTER TABLE transactions ADD COLUMN amount_surcharge_rate TEXT",
            "ALTER TABLE transactions ADD COLUMN amount_tip INTEGER",
            "ALTER TABLE transactions ADD COLUMN amount_tip_rate TEXT",
            "ALTER TABLE transactions ADD COLUMN amount_tax INTEGER",
            "ALTER TABLE transactions ADD COLUMN amount_tax_rate TEXT",
            "ALTER TABLE transactions ADD COLUMN processor_id TEXT",
            "ALTER TABLE transactions ADD COLUMN billing_line1 TEXT",
            "ALTER TABLE transactions ADD COLUMN billing_line2 TEXT",
            "ALTER TABLE transactions ADD COLUMN billing_city TEXT",
            "ALTER TABLE transactions ADD COLUMN billing_postal_code TEXT",
            "ALTER TABLE transactions ADD COLUMN billing_state_name TEXT",
            "ALTER TABLE transactions ADD COLUMN billing_state_id INTEGER",
            "ALTER TABLE transactions ADD COLUMN billing_country_id INTEGER",
            "ALTER TABLE transactions ADD COLUMN shipping_line1 TEXT",
            "ALTER TABLE transactions ADD COLUMN shipping_line2 TEXT",
            "ALTER TABLE transactions ADD COLUMN shipping_city TEXT",
            "ALTER TABLE transactions ADD COLUMN shipping_postal_code TEXT",
            "ALTER TABLE transactions ADD COLUMN shipping_state_name TEXT",
            "ALTER TABLE transactions ADD COLUMN shipping_state_id INTEGER",
            "ALTER TABLE transactions ADD COLUMN shipping_country_id INTEGER",
            "ALTER TABLE transactions ADD COLUMN contact_first_name TEXT",
            "ALTER TABLE transactions ADD COLUMN contact_last_name TEXT",
            "ALTER TABLE transactions ADD COLUMN contact_company_name TEXT",
            "ALTER TABLE transactions ADD COLUMN contact_mobile_number TEXT",
            "ALTER TABLE transactions ADD COLUMN contact_sms_notification INTEGER",
            "ALTER TABLE transactions ADD COLUMN avs_result TEXT",
            "ALTER TABLE transactions ADD COLUMN customer_initiated INTEGER",
            "ALTER TABLE transactions ADD COLUMN emv_fallback_condition TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_fallback_last_chip_read TEXT",
        ]),
    ]
}
