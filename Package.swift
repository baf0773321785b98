// swift-tools-version:6.1
import PackageDescription

// Modules are layers (see docs/architecture.md). Dependencies point one way:
// PaymentCore ← CardData ← GatewayAPI/Processing/Storage, Processing ← ProcessingISO8583, Storage ← StorageSQL ←
// StorageSQLite/StoragePostgres, and all of them ← Gateway ← tapline,
// and GatewayAPI ← TaplineSDK ← TaplineSDKProximityReader on the phone's side.
let package = Package(
    name: "tapline",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "tapline", targets: ["tapline"]),
        .library(name: "Gateway", targets: ["Gateway"]),
        .library(name: "GatewayAPI", targets: ["GatewayAPI"]),
        .library(name: "PaymentCore", targets: ["PaymentCore"]),
        .library(name: "CardData", targets: ["CardData"]),
        .library(name: "TaplineSDK", targets: ["TaplineSDK"]),
        .library(name: "TaplineSDKProximityReader", targets: ["TaplineSDKProximityReader"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.20.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.10.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.21.0"),
        // The acquirer link's TCP connections (ProcessingISO8583's adapter).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // The dashboard: bcrypt for its users' passwords, Mustache for its pages.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // Tests only: reads the OpenAPI document to compare it with the router and to validate replies.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // The payment service provider's token and decryption services: HTTPS, mutual TLS.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // The acquirers file (Gateway/Acquirer/File), and the configuration file after it.
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        // GET /metrics: swift-metrics' API, exported in Prometheus' text format.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Traces: swift-distributed-tracing's API; swift-otel exports spans over OTLP/HTTP only
        // (the gRPC trait would build grpc-swift, minutes of CI for an exporter we do not offer).
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(name: "PaymentCore"),
        .target(name: "CardData", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        .target(name: "GatewayAPI", dependencies: [
            "PaymentCore", "CardData",
            // Webhook signatures (HMAC-SHA256), verified by merchants' servers through the SDK.
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Processing", dependencies: ["PaymentCore", "CardData"]),
        // The acquirer link: ISO 8583 messages (field table, codec, framing, redaction: pure),
        // the mapping of each processor operation to messages, and the TCP or TLS adapter (NIO).
        .target(name: "ProcessingISO8583", dependencies: [
            "CardData", "PaymentCore", "Processing",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOTLS", package: "swift-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Storage", dependencies: ["PaymentCore"]),
        // What the SQL stores share: tables, row reading, queries and writes over a session each
        // store implements. No database library here, so the mapping exists once.
        .target(name: "StorageSQL", dependencies: ["Storage", "PaymentCore"]),
        .target(name: "StorageSQLite", dependencies: [
            "Storage", "StorageSQL", "PaymentCore",
            // Its connections drive sqlite-nio's vendored SQLite (VaporCSQLite) directly, and
            // commit on NIO's thread pool.
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The PostgreSQL store, for several gateway instances sharing one database.
        .target(name: "StoragePostgres", dependencies: [
            "Storage", "StorageSQL", "PaymentCore",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Gateway", dependencies: [
            "PaymentCore", "CardData", "GatewayAPI", "Processing", "ProcessingISO8583", "Storage", "StorageSQLite", "StoragePostgres",
            .product(name: "Hummingbird", package: "hummingbird"),
            // TLS on the API listener, HTTP/1.1 and HTTP/2 by ALPN (ListenerTLS).
            .product(name: "HummingbirdHTTP2", package: "hummingbird"),
            .product(name: "Crypto", package: "swift-crypto"),
            // RS256 integrator JWTs (Auth/IntegratorKey).
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            // SIGHUP reloads the listener's certificate.
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "Mustache", package: "swift-mustache"),
            // The provider's token and decryption services (ProviderServices).
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            .product(name: "OTel", package: "swift-otel"),
        ], resources: [.copy("Resources/openapi.yaml"), .copy("Resources/dashboard")]),
        // The SDK an app links: URLSession only, never NIO, so it builds for iOS as it is.
        .target(name: "TaplineSDK", dependencies: ["GatewayAPI", "PaymentCore", "CardData"]),
        // Apple's ProximityReader behind the CardReader protocol; empty where the framework is missing.
        .target(name: "TaplineSDKProximityReader", dependencies: ["TaplineSDK", "CardData", "PaymentCore"]),
        .executableTarget(name: "tapline", dependencies: [
            // StorageSQLite: its open errors, which the commands turn into advice.
            "Gateway", "GatewayAPI", "CardData", "PaymentCore", "Storage", "StorageSQLite", "TaplineSDK",
            // TestBankAccounts: `webhooks trigger` debits the simulator's test accounts.
            "Processing",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Micro-benchmarks, run by `python3 scripts/bench.py micro NAME`; not a test, not a product.
        // The README's "Use the SDK" example, word for word (ReadmeExampleTests checks it), which
        // scripts/smoke.sh runs twice against the walk-through's gateway.
        .executableTarget(name: "ReadmeSDKExample", dependencies: ["TaplineSDK"], path: "Examples/ReadmeSDK"),
        .executableTarget(name: "TaplineBenchmarks", dependencies: [
            "CardData",
            .product(name: "Crypto", package: "swift-crypto"),
            // `webhooks`: the real worker against a local receiver.
            "Gateway", "Storage", "StorageSQLite", "Processing",
            // `sqlite-writes`: the shared SQL over sqlite-nio as the store ran it before group commit.
            "StorageSQL", .product(name: "SQLiteNIO", package: "sqlite-nio"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "TestSupport", dependencies: [
            "PaymentCore", "CardData", "Processing", "Storage",
            // PostgresTestSchema: a fresh schema per test on the server TAPLINE_POSTGRES_URL names.
            "StoragePostgres", .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/TestSupport"),
        // Runs the Python peers under scripts/interop; apart from TestSupport so that pure
        // modules' tests need no database library.
        .target(name: "InteropSupport", path: "Tests/InteropSupport"),
        .testTarget(name: "PaymentCoreTests", dependencies: ["PaymentCore"]),
        .testTarget(name: "CardDataTests", dependencies: ["CardData", "InteropSupport", .product(name: "Crypto", package: "swift-crypto")],
                    // Vectors made by independent implementations, read from the source tree.
                    exclude: ["Fixtures"]),
        .testTarget(name: "ProcessingISO8583Tests", dependencies: [
            "ProcessingISO8583", "CardData", "PaymentCore", "Processing", "InteropSupport",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ],
                    // Vectors made by pyiso8583 (scripts/interop/iso8583_vectors.py), read from the source tree.
                    exclude: ["Fixtures"]),
        .testTarget(name: "ProcessingTests", dependencies: ["Processing", "CardData", "PaymentCore"]),
        .testTarget(name: "StorageTests", dependencies: [
            "Storage", "StorageSQL", "StorageSQLite", "StoragePostgres", "TestSupport",
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "TaplineSDKTests", dependencies: [
            "TaplineSDK", "Gateway", "GatewayAPI", "TestSupport", "CardData", "PaymentCore", "InteropSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "GatewayTests", dependencies: [
            // StoragePostgres: two gateway instances on one PostgreSQL database (TwoInstance*Tests).
            "Gateway", "GatewayAPI", "TestSupport", "StoragePostgres",
            // The acquirer link end to end against scripts/acquirer_host.py (Acquirer/).
            "ProcessingISO8583", "InteropSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Yams", package: "Yams"),
            // A TLS client that reports the HTTP version and keeps its connections (ListenerTLS/).
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ],
        // The dashboard's pinned pages, read by DashboardSnapshotTests from the source tree.
        exclude: ["Dashboard/Snapshots"]),
    ]
)
