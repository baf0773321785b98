import Foundation
import GatewayAPI
import Logging
import StorageSQLite
import Testing

/// `tapline merchant settings` as a process: the acquirer ids set, kept in the database,
/// cleared with `none`, and a value the gateway refuses stops the command with the field.
@Suite("tapline merchant settings: acquirer ids")
struct MerchantSettingsCommandTests {
    @Test func acquirerIdsRoundTripThroughTheDatabase() async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SQLiteStore.open(path: folder.appendingPathComponent("tapline.sqlite").path, logger: Logger(label: "test")).close()
        let created = try await TaplineRun.run(["merchant", "create", "--name", "Corner Café"], in: folder)
        #expect(created.status == 0, "\(created.standardError)")
        let merchant = try #require(created.standardOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))

        func settings(_ options: [String] = []) async throws -> (TaplineRun, PaymentSettingsResponse?) {
            let run = try await TaplineRun.run(["merchant", "settings", "--merchant", merchant] + options, in: folder)
            return (run, try? APIJSON.decoder.decode(PaymentSettingsResponse.self, from: Data(run.standardOutput.utf8)))
        }

        let (set, afterSet) = try await settings(["--acquirer-merchant-id", "000000012345678", "--acquirer-terminal-id", "TERM0001"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(afterSet?.acquirerMerchantId == "000000012345678")
        #expect(afterSet?.acquirerTerminalId == "TERM0001")
        #expect(try await settings([]).1 == afterSet, "kept in the database")

        let (refused, _) = try await settings(["--acquirer-terminal-id", "TERM00001"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("acquirerTerminalId: acquirerTerminalId must be 1 to 8 printable ASCII"), "\(refused.standardError)")
        #expect(try await settings([]).1 == afterSet, "a refused change changes nothing")

        let (cleared, afterClear) = try await settings(["--acquirer-terminal-id", "none"])
        #expect(cleared.status == 0, "\(cleared.standardError)")
        #expect(afterClear?.acquirerTerminalId == nil)
        #expect(afterClear?.acquirerMerchantId == "000000012345678", "the id not named is kept")
    }
}

/// `tapline merchant settings --apple-merchant-identifier`: what signed reader tokens carry.
@Suite("tapline merchant settings: the Apple merchant identifier")
struct AppleMerchantIdentifierCommandTests {
    @Test func theIdentifierIsSetKeptAndCleared() async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = try await MerchantSettingsRun.make(in: folder)

        #expect(try await settings([]).1?.appleMerchantIdentifier == nil)
        let (set, afterSet) = try await settings(["--apple-merchant-identifier", "merchant.com.example.corner"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(afterSet?.appleMerchantIdentifier == "merchant.com.example.corner")
        #expect(try await settings([]).1 == afterSet, "kept in the database")

        let (refused, _) = try await settings(["--apple-merchant-identifier", "caf\u{e9}"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("appleMerchantIdentifier must be 1 to 255 printable ASCII"), "\(refused.standardError)")

        let (cleared, afterClear) = try await settings(["--apple-merchant-identifier", "none"])
        #expect(cleared.status == 0, "\(cleared.standardError)")
        #expect(afterClear?.appleMerchantIdentifier == nil)
    }
}

/// `tapline merchant settings --merchant-category-code`: ISO 8583 field 18.
@Suite("tapline merchant settings: the merchant category code")
struct MerchantCategoryCodeCommandTests {
    @Test func theCodeIsSetKeptAndCleared() async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = try await MerchantSettingsRun.make(in: folder)

        #expect(try await settings([]).1?.merchantCategoryCode == "5999")
        let (set, afterSet) = try await settings(["--merchant-category-code", "5812"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(afterSet?.merchantCategoryCode == "5812")
        #expect(try await settings([]).1 == afterSet, "kept in the database")

        let (refused, _) = try await settings(["--merchant-category-code", "581"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("merchantCategoryCode must be four digits"), "\(refused.standardError)")

        let (cleared, afterClear) = try await settings(["--merchant-category-code", "none"])
        #expect(cleared.status == 0, "\(cleared.standardError)")
        #expect(afterClear?.merchantCategoryCode == "5999")
    }
}

/// `tapline merchant settings --locale`: how the dashboard and receipts write money and dates.
@Suite("tapline merchant settings: the locale")
struct MerchantLocaleCommandTests {
    @Test func theLocaleIsSetKeptAndCleared() async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = try await MerchantSettingsRun.make(in: folder)

        let (set, afterSet) = try await settings(["--locale", "ja-JP"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(afterSet?.locale == "ja-JP")
        let (refused, _) = try await settings(["--locale", "xx-YY"])
        #expect(refused.status == 1 && refused.standardError.contains("locale must be"), "\(refused.standardError)")
        #expect(try await settings(["--locale", "none"]).1?.locale == "en-US")
    }
}

/// `tapline merchant settings` on a new merchant in a fresh database in `folder`: each call
/// runs it with the options given and reads the settings it prints.
struct MerchantSettingsRun {
    static func make(in folder: URL) async throws -> @Sendable ([String]) async throws -> (TaplineRun, PaymentSettingsResponse?) {
        try await SQLiteStore.open(path: folder.appendingPathComponent("tapline.sqlite").path, logger: Logger(label: "test")).close()
        let created = try await TaplineRun.run(["merchant", "create", "--name", "Corner Café"], in: folder)
        let merchant = try #require(created.standardOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        return { options in
            let run = try await TaplineRun.run(["merchant", "settings", "--merchant", merchant] + options, in: folder)
            return (run, try? APIJSON.decoder.decode(PaymentSettingsResponse.self, from: Data(run.standardOutput.utf8)))
        }
    }
}
