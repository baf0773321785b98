import ArgumentParser
import GatewayAPI

/// The `tapline` command: runs the gateway and administers it.
@main
struct Tapline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tapline",
        abstract: "Tapline: an open-source Tap to Pay payment gateway.",
        // `tapline --version`: the version /health and the SDK show too.
        version: TaplineVersion.current,
        subcommands: [Serve.self, DemoCommand.self, MerchantCommand.self, ClientCommand.self, UserCommand.self, KeysCommand.self, ReaderCommand.self,
            BackupCommand.self, RestoreCommand.self, ExportCommand.self, ConfigCommand.self, WebhooksCommand.self]
    )
}
