/// The schema as an ordered list of migrations. Append a migration to change it; never
/// edit one that has shipped, because databases out there already applied it.
///
/// Migration 1 is SQLite's migrations 1–7 folded into one: a PostgreSQL database has no
/// history to upgrade from. Tables and columns match SQLite's, in PostgreSQL types: money
/// and counts BIGINT minor units, rates TEXT decimals (never a float), dates BIGINT
/// milliseconds since 1970, flags BOOLEAN, JSON lists TEXT, bytes BYTEA. Text is
/// `COLLATE "C"` so it sorts and compares byte by byte, as SQLite does, whatever the
/// database's locale. Migrations from 5 on are in `PostgresSchema+AcquirerLink.swift`.
public enum PostgresSchema {
    public static let migrations: [PostgresMigration] = [
        PostgresMigration(version: 1, name: "initial schema (SQLite migrations 1-7)", statements: [
            """
            CREATE TABLE merchants (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                authorization_window DOUBLE PRECISION NOT NULL,
                created_at BIGINT NOT NULL,
                accepted_currencies TEXT NOT NULL,
                zero_cost_processing TEXT NOT NULL,
                surcharge_rate TEXT,
                cash_discount_rate TEXT,
                dual_pricing_rate TEXT,
                tax_rate TEXT NOT NULL,
                tips_enabled BOOLEAN NOT NULL,
                tip_options TEXT NOT NULL,
                card_brands TEXT NOT NULL,
                transaction_types TEXT NOT NULL,
                settlement_times TEXT NOT NULL,
                avs_enabled BOOLEAN NOT NULL,
                avs_profile BIGINT,
                customer_card_saving BOOLEAN NOT NULL,
                tap_to_pay_terminal_profile_id TEXT
            )
            """,
            """
            CREATE TABLE api_clients (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                name TEXT NOT NULL,
                secret_hash TEXT NOT NULL,
                permissions TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT
            )
            """,
            "CREATE INDEX api_clients_by_merchant ON api_clients (merchant_id, created_at)",
            """
            CREATE TABLE refresh_tokens (
                token_hash TEXT PRIMARY KEY,
                client_id TEXT NOT NULL REFERENCES api_clients (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                family_id TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                used_at BIGINT,
                revoked BOOLEAN NOT NULL
            )
            """,
            "CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id)",
            """
            CREATE TABLE transactions (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                type TEXT NOT NULL,
                status TEXT NOT NULL,
                parent_id TEXT,
                currency TEXT NOT NULL,
                amount BIGINT NOT NULL,
                authorized_amount BIGINT NOT NULL,
                captured_amount BIGINT NOT NULL,
                refunded_amount BIGINT NOT NULL,
                tip_amount BIGINT NOT NULL,
                pending_refund_amount BIGINT NOT NULL,
                pending_operation_id TEXT,
                masked_pan TEXT,
                card_brand TEXT,
                card_pan_hash TEXT,
                card_expiry_month BIGINT,
                card_expiry_year BIGINT,
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
                create_method BIGINT NOT NULL,
                batch_id TEXT,
                settled_at BIGINT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                pin_token TEXT,
                pin_expires_at BIGINT,
                pin_failed_attempts BIGINT,
                pin_max_attempts BIGINT,
                pin_device_id TEXT,
                device_id TEXT,
                card_reader_id TEXT,
                card_reader_transaction_id TEXT,
                emv_application_id TEXT,
                emv_application_label TEXT,
                emv_cryptogram TEXT,
                emv_tvr TEXT,
                emv_atc TEXT,
                card_funding TEXT,
                breakdown_subtotal BIGINT,
                breakdown_tax_rate TEXT,
                breakdown_tax_amount BIGINT,
                breakdown_tip_amount BIGINT,
                breakdown_tip_type TEXT,
                breakdown_surcharge_amount BIGINT,
                breakdown_surcharge_rate TEXT
            )
            """,
            "CREATE INDEX transactions_by_merchant_created ON transactions (merchant_id, created_at, id)",
            "CREATE INDEX transactions_by_merchant_batch ON transactions (merchant_id, batch_id)",
            "CREATE INDEX transactions_by_parent ON transactions (parent_id)",
            // Recovery (pending by updated_at), expiry (authorized by created_at), the PIN sweep.
            "CREATE INDEX transactions_by_status_updated ON transactions (status, updated_at)",
            "CREATE INDEX transactions_by_status_created ON transactions (status, created_at)",
            "CREATE INDEX transactions_by_status_pin_expiry ON transactions (status, pin_expires_at)",
            "CREATE INDEX transactions_by_merchant_reference ON transactions (merchant_id, reference_id)",
            """
            CREATE TABLE idempotency_keys (
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,
                state TEXT NOT NULL,
                response_status BIGINT,
                response_body BYTEA,
                transaction_id TEXT,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (merchant_id, key)
            )
            """,
            "CREATE INDEX idempotency_keys_by_state_created ON idempotency_keys (state, created_at)",
            """
            CREATE TABLE batches (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                opened_at BIGINT NOT NULL,
                closed_at BIGINT,
                transaction_count BIGINT NOT NULL,
                totals TEXT NOT NULL,
                close_reason TEXT,
                scheduled_for BIGINT,
                by_card_brand TEXT NOT NULL,
                by_type TEXT NOT NULL
            )
            """,
            "CREATE INDEX batches_by_merchant_opened ON batches (merchant_id, opened_at)",
            // A device is keyed by its merchant too: one phone under two merchants is two rows.
            """
            CREATE TABLE devices (
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                device_id TEXT NOT NULL,
                name TEXT,
                tap_to_pay_status BIGINT NOT NULL,
                last_login_at BIGINT,
                client_ids TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (merchant_id, device_id)
            )
            """,
            "CREATE INDEX devices_by_merchant_created ON devices (merchant_id, created_at, device_id)",
            """
            CREATE TABLE card_reads (
                read_id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                seen_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX card_reads_by_seen ON card_reads (seen_at)",
            // Webhooks: the outbox, one delivery per event and endpoint, every attempt.
            // Secrets are stored sealed, never in the clear.
            """
            CREATE TABLE webhook_endpoints (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                description TEXT,
                sealed_secret TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                deleted_at BIGINT
            )
            """,
            "CREATE INDEX webhook_endpoints_by_merchant ON webhook_endpoints (merchant_id, created_at, id)",
            """
            CREATE TABLE webhook_events (
                id TEXT PRIMARY KEY,
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                type TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                payload BYTEA NOT NULL
            )
            """,
            "CREATE INDEX webhook_events_by_merchant_created ON webhook_events (merchant_id, created_at, id)",
            "CREATE INDEX webhook_events_by_merchant_transaction ON webhook_events (merchant_id, transaction_id)",
            """
            CREATE TABLE webhook_deliveries (
                id TEXT PRIMARY KEY,
                event_id TEXT NOT NULL REFERENCES webhook_events (id),
                endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                status TEXT NOT NULL,
                attempt_count BIGINT NOT NULL,
                next_attempt_at BIGINT NOT NULL,
                event_created_at BIGINT NOT NULL,
                delivered_at BIGINT
            )
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)",
            "CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id)",
            "CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, status)",
            """
            CREATE TABLE webhook_attempts (
                id TEXT PRIMARY KEY,
                delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
                merchant_id TEXT NOT NULL REFERENCES merchants (id),
                attempted_at BIGINT NOT NULL,
                status_code BIGINT,
                error TEXT,
                duration_ms BIGINT NOT NULL
            )
            """,
            "CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, attempted_at)",
        ].map(PostgresMigration.bytewiseText)),
        // The gateway's keys, sealed under a master key from configuration, so every instance
        // of a fleet signs and opens with the same ones (SQLite's migration 8).
        PostgresMigration(version: 2, name: "sealed key sets", statements: [
            """
            CREATE TABLE key_sets (
                name TEXT PRIMARY KEY,
                sealed BYTEA NOT NULL,
                version BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
        ].map(PostgresMigration.bytewiseText)),
        // One open batch per merchant (SQLite's migration 9): instances opening a merchant's
        // first batch at once collide here, and the loser joins the winner's batch.
        PostgresMigration(version: 3, name: "one open batch per merchant", statements: [
            "CREATE UNIQUE INDEX batches_one_open_per_merchant ON batches (merchant_id) WHERE closed_at IS NULL",
        ]),
        // The API a key's response is shaped for (see SQLiteSchema's migration 10).
        PostgresMigration(version: 4, name: "idempotency response format", statements: [
            "ALTER TABLE idempotency_keys ADD COLUMN response_format TEXT",
        ]),
    ] + acquirerLinkMigrations + keyedDetailMigrations + merchantMigrations + appDataMigrations + dashboardMigrations
        + keyMigrations + lookupMigrations + signatureMigrations + integratorJWTMigrations + readerTokenMigrations
        + fleetMigrations + acquirerFieldMigrations + batchTotalsMigrations + cacheTokenMigrations + listTotalsMigrations + totalSlotMigrations + searchMigrations
        + dailyUseMigrations + jobIndexMigrations
}
