import ArgumentParser
import Foundation
import Gateway

/// `tapline config`: the effective configuration, and the table of every setting.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show the effective configuration, or the table of every setting.",
        subcommands: [Print.self, Table.self])

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the configuration tapline serve would run with these flags, environment and file, secrets masked.")

        @OptionGroup var options: ServeOptions

        func run() throws {
            do {
                print(try ConfigurationReport.render(options.overrides, environment: ProcessInfo.processInfo.environment), terminator: "")
            } catch {
                throw CommandFailure(description: error.description)
            }
        }
    }

    struct Table: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every setting as a Markdown table (the README's Configuration table).")

        func run() {
            print(ServerSetting.markdownTable(), terminator: "")
        }
    }
}
