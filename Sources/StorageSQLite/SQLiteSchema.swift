/// The schema as an ordered list of migrations. Append a migration to change it; never
/// edit one that has shipped, because databases out there already applied it.
///
/// Tables are STRICT so SQLite refuses a value of the wrong type (money is INTEGER minor
/// units, never REAL). Dates are INTEGER milliseconds since 1970. Migrations from 11 on
/// are in `SQLiteSchema+AcquirerLink.swift`.
enum SQLiteSchema {
    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(version: 1, name: "initial schema", statements: [
            """
            CREATE TABLE merchants (
                id TEXT NOT NULL PRIMARY KEY,
                name TEXT NOT NULL,
                authorization_window REAL NOT NULL,
                tip_percentages TEXT NOT NULL,
                created_at INTEGER NOT NULL
            ) STRICT
            """,
            """
            CREATE TABLE api_clients (
                id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                name TEXT NOT NULL,
                secret_hash TEXT NOT NULL,
                permissions TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                revoked_at INTEGER
            ) STRICT
            """,
            "CREATE INDEX api_clients_by_merchant ON api_clients (merchant_id, created_at)",
            """
            CREATE TABLE refresh_tokens (
                token_hash TEXT NOT NULL PRIMARY KEY,
                client_id TEXT NOT NULL REFERENCES api_clients (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                family_id TEXT NOT NULL,
                expires_at INTEGER NOT NULL,
                used_at INTEGER,
                revoked INTEGER NOT NULL
            ) STRICT
            """,
            "CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id)",
            """
            CREATE TABLE transactions (
                id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                type TEXT NOT NULL,
                status TEXT NOT NULL,
                parent_id TEXT,
                currency TEXT NOT NULL,
                amount INTEGER NOT NULL,
                authorized_amount INTEGER NOT NULL,
                captured_amount INTEGER NOT NULL,
                refunded_amount INTEGER NOT NULL,
                tip_amount INTEGER NOT NULL,
                pending_refund_amount INTEGER NOT NULL,
                pending_operation_id TEXT,
                masked_pan TEXT,
                card_brand TEXT,
                card_pan_hash TEXT,
                card_expiry_month INTEGER,
                card_expiry_year INTEGER,
                card_entry_mode TEXT,
                processor_response_code TEXT,
                processor_message TEXT,
                processor_authorization_code TEXT,
                processor_reference TEXT,
                reference_id TEXT,
                customer_id TEXT,
                customer_name TEXT,
                customer_email TEXT,
                created_by_id TEXT,
                create_method INTEGER NOT NULL,
                batch_id TEXT,
                settled_at INTEGER,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            ) STRICT
            """,
            "CREATE INDEX transactions_by_merchant_created ON transactions (merchant_id, created_at, id)",
            "CREATE INDEX transactions_by_merchant_batch ON transactions (merchant_id, batch_id)",
            "CREATE INDEX transactions_by_parent ON transactions (parent_id)",
            // Recovery (pending by updated_at) and expiry (authorized by created_at).
            "CREATE INDEX transactions_by_status_updated ON transactions (status, updated_at)",
            "CREATE INDEX transactions_by_status_created ON transactions (status, created_at)",
            """
            CREATE TABLE idempotency_keys (
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,
                state TEXT NOT NULL,
                response_status INTEGER,
                response_body BLOB,
                transaction_id TEXT,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (merchant_id, key)
            ) STRICT
            """,
            "CREATE INDEX idempotency_keys_by_state_created ON idempotency_keys (state, created_at)",
            """
            CREATE TABLE batches (
                id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                opened_at INTEGER NOT NULL,
                closed_at INTEGER,
                transaction_count INTEGER NOT NULL,
                totals TEXT NOT NULL
            ) STRICT
            """,
            "CREATE INDEX batches_by_merchant_opened ON batches (merchant_id, opened_at)",
        ]),
        // A device is keyed by its merchant too: one phone under two merchants is two rows.
        SQLiteMigration(version: 2, name: "devices", statements: [
            """
            CREATE TABLE devices (
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                device_id TEXT NOT NULL,
                name TEXT,
                tap_to_pay_status INTEGER NOT NULL,
                last_login_at INTEGER,
                client_ids TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (merchant_id, device_id)
            ) STRICT
            """,
            "CREATE INDEX devices_by_merchant_created ON devices (merchant_id, created_at, device_id)",
        ]),
        SQLiteMigration(version: 3, name: "tap to pay: PIN challenge, card-present details, card reads", statements: [
            "ALTER TABLE transactions ADD COLUMN pin_token TEXT",
            "ALTER TABLE transactions ADD COLUMN pin_expires_at INTEGER",
            "ALTER TABLE transactions ADD COLUMN pin_failed_attempts INTEGER",
            "ALTER TABLE transactions ADD COLUMN pin_max_attempts INTEGER",
            "ALTER TABLE transactions ADD COLUMN pin_device_id TEXT",
            "ALTER TABLE transactions ADD COLUMN device_id TEXT",
            "ALTER TABLE transactions ADD COLUMN card_reader_id TEXT",
            "ALTER TABLE transactions ADD COLUMN card_reader_transaction_id TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_application_id TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_application_label TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_cryptogram TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_tvr TEXT",
            "ALTER TABLE transactions ADD COLUMN emv_atc TEXT",
            "ALTER TABLE transactions ADD COLUMN card_funding TEXT",
            // The PIN expiry sweep and the refund-by-reference look-up.
            "CREATE INDEX transactions_by_status_pin_expiry ON transactions (status, pin_expires_at)",
            "CREATE INDEX transactions_by_merchant_reference ON transactions (merchant_id, reference_id)",
            """
            CREATE TABLE card_reads (
                read_id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                seen_at INTEGER NOT NULL
            ) STRICT
            """,
            "CREATE INDEX card_reads_by_seen ON card_reads (seen_at)",
        ]),
        // Payment settings live on the merchant row. The defaults are what a merchant had
        // before (no Zero Cost Processing, tips 15/18/20, …); new rows always write every
        // column. Rates are TEXT decimals, never REAL. Tip percentages move to tip_options
        // as decimal strings and their old column goes.
        SQLiteMigration(version: 4, name: "payment settings", statements: [
            #"ALTER TABLE merchants ADD COLUMN accepted_currencies TEXT NOT NULL DEFAULT '["USD"]'"#,
            "ALTER TABLE merchants ADD COLUMN zero_cost_processing TEXT NOT NULL DEFAULT 'noZeroCost'",
            "ALTER TABLE merchants ADD COLUMN surcharge_rate TEXT",
            "ALTER TABLE merchants ADD COLUMN cash_discount_rate TEXT",
            "ALTER TABLE merchants ADD COLUMN dual_pricing_rate TEXT",
            "ALTER TABLE merchants ADD COLUMN tax_rate TEXT NOT NULL DEFAULT '0'",
            "ALTER TABLE merchants ADD COLUMN tips_enabled INTEGER NOT NULL DEFAULT 1",
            "ALTER TABLE merchants ADD COLUMN tip_options TEXT NOT NULL DEFAULT '[]'",
            """
            UPDATE merchants SET tip_options = (
                SELECT json_group_array(CAST(value AS TEXT))
                FROM (SELECT value FROM json_each(merchants.tip_percentages) ORDER BY key)
            )
            """,
            "ALTER TABLE merchants DROP COLUMN tip_percentages",
            #"ALTER TABLE merchants ADD COLUMN card_brands TEXT NOT NULL DEFAULT '["visa","mastercard","amex","discover"]'"#,
            #"ALTER TABLE merchants ADD COLUMN transaction_types TEXT NOT NULL DEFAULT '["authorization","sale","capture","void","refund"]'"#,
            #"ALTER TABLE merchants ADD COLUMN settlement_times TEXT NOT NULL DEFAULT '[{"hours":23,"minutes":0,"timeZone":"UTC"}]'"#,
            "ALTER TABLE merchants ADD COLUMN avs_enabled INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE merchants ADD COLUMN avs_profile INTEGER",
            "ALTER TABLE merchants ADD COLUMN customer_card_saving INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE merchants ADD COLUMN tap_to_pay_terminal_profile_id TEXT",
        ]),
        // A payment's breakdown (Koard PaymentBreakdown): a column per part. The subtotal
        // says whether there is one; rates are TEXT decimal fractions, never REAL.
        SQLiteMigration(version: 5, name: "payment breakdown", statements: [
            "ALTER TABLE transactions ADD COLUMN breakdown_subtotal INTEGER",
            "ALTER TABLE transactions ADD COLUMN breakdown_tax_rate TEXT",
            "ALTER TABLE transactions ADD COLUMN breakdown_tax_amount INTEGER",
            "ALTER TABLE transactions ADD COLUMN breakdown_tip_amount INTEGER",
            "ALTER TABLE transactions ADD COLUMN breakdown_tip_type TEXT",
            "ALTER TABLE transactions ADD COLUMN breakdown_surcharge_amount INTEGER",
            "ALTER TABLE transactions ADD COLUMN breakdown_surcharge_rate TEXT",
        ]),
        // Webhooks: the outbox (events written with the change they report), one delivery
        // per event and endpoint, and every attempt. The worker claims due deliveries by
        // (status, next_attempt_at). Secrets are stored sealed, never in the clear.
        SQLiteMigration(version: 6, name: "webhooks", statements: [
            """
            CREATE TABLE webhook_endpoints (
                id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                description TEXT,
                sealed_secret TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                deleted_at INTEGER
            ) STRICT
            """,
            "CREATE INDEX webhook_endpoints_by_merchant ON webhook_endpoints (merchant_id, created_at, id)",
            """
            CREATE TABLE webhook_events (
                id TEXT NOT NULL PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                type TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                payload BLOB NOT NULL
            ) STRICT
            """,
            "CREATE INDEX webhook_events_by_merchant_created ON webhook_events (merchant_id, created_at, id)",
            "CREATE INDEX webhook_events_by_merchant_transaction ON webhook_events (merchant_id, transaction_id)",
            """
            CREATE TABLE webhook_deliveries (
                id TEXT NOT NULL PRIMARY KEY,
                event_id TEXT NOT NULL REFERENCES webhook_events (id),
                endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                status TEXT NOT NULL,
                attempt_count INTEGER NOT NULL,
                next_attempt_at INTEGER NOT NULL,
                event_created_at INTEGER NOT NULL,
                delivered_at INTEGER
            ) STRICT
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)",
            "CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id)",
            "CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, status)",
            """
            CREATE TABLE webhook_attempts (
                id TEXT NOT NULL PRIMARY KEY,
                delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                attempted_at INTEGER NOT NULL,
                status_code INTEGER,
                error TEXT,
                duration_ms INTEGER NOT NULL
            ) STRICT
            """,
            "CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, attempted_at)",
        ]),
        // Batches close by schedule too, and keep their totals per card brand and per type.
        // Batches closed before this migration keep empty breakdowns.
        SQLiteMigration(version: 7, name: "scheduled settlement and batch breakdowns", statements: [
            "ALTER TABLE batches ADD COLUMN close_reason TEXT",
            "ALTER TABLE batches ADD COLUMN scheduled_for INTEGER",
            "ALTER TABLE batches ADD COLUMN by_card_brand TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE batches ADD COLUMN by_type TEXT NOT NULL DEFAULT '[]'",
        ]),
        // The gateway's keys, sealed under a master key from configuration, when the operator
        // keeps them in the database (several instances share them that way).
        SQLiteMigration(version: 8, name: "sealed key sets", statements: [
            """
            CREATE TABLE key_sets (
                name TEXT NOT NULL PRIMARY KEY,
                sealed BLOB NOT NULL,
                version INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            ) STRICT
            """,
        ]),
        // One open batch per merchant, enforced by the database: PostgreSQL instances opening
        // a merchant's first batch at once must end up in the same one (SQLite's single writer
        // never made two, so no existing database breaks this index).
        SQLiteMigration(version: 9, name: "one open batch per merchant", statements: [
            "CREATE UNIQUE INDEX batches_one_open_per_merchant ON batches (merchant_id) WHERE closed_at IS NULL",
        ]),
        // The API a key's response is shaped for, so recovery answers a Halo or Koard retry
        // after a crash in that API's shape. Older rows stay NULL: /v1.
        SQLiteMigration(version: 10, name: "idempotency response format", statements: [
            "ALTER TABLE idempotency_keys ADD COLUMN response_format TEXT",
        ]),
    ] + acquirerLinkMigrations + keyedDetailMigrations + merchantMigrations + appDataMigrations + dashboardMigrations
        + keyMigrations + lookupMigrations + signatureMigrations + integratorJWTMigrations + readerTokenMigrations
        + fleetMigrations + acquirerFieldMigrations + batchTotalsMigrations + cacheTokenMigrations + listTotalsMigrations + totalSlotMigrations + searchMigrations
        + dailyUseMigrations + searchAtCommitMigrations + jobIndexMigrations
}
