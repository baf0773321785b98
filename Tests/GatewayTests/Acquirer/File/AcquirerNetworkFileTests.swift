import CardData
import Foundation
@testable import Gateway
import PaymentCore
import Processing
import Testing

/// The acquirers file: what it sets, and each mistake refused in one line naming the table
/// and the key.
struct AcquirerNetworkFileTests {
    static let file = """
        default = "north"

        [link.north]
        url = "iso8583://north.example:7000"
        connections = 3
        response-timeout = 20
        echo-interval = 30
        acquiring-institution-id = "123456"
        failover = "north-dr"
        merchants = ["m_1"]

        [link.north-dr]
        url = "iso8583://[::1]:7001"

        [link.south]
        url = "iso8583://south.example:7000"
        id = "0B8E7C1A-1111-4222-8333-444455556666"
        merchants = ["m_2", "m_3"]

        [[route]]
        link = "south"
        brands = ["amex", "JCB"]

        [[route]]
        link = "south"
        bins = ["510000-559999", "4571"]
        currencies = ["eur"]
        """

    @Test func aFileSetsLinksAssignmentsAndRulesInOrder() throws {
        let network = try AcquirerNetworkFile.parse(Self.file, path: "acquirers.toml")
        #expect(network.links.map(\.name).sorted() == ["north", "north-dr", "south"])
        let north = try #require(network.links.first { $0.name == "north" })
        #expect(north.settings.host == "north.example" && north.settings.port == 7000 && north.settings.connections == 3)
        #expect(north.settings.responseTimeout == .seconds(20) && north.settings.echoInterval == .seconds(30))
        #expect(north.settings.acquiringInstitutionId == "123456" && north.failover == "north-dr")
        #expect(north.identity == .acquirerLink(named: "north") && north.identity.name == "ISO 8583 acquirer north")
        #expect(network.links.first { $0.name == "north-dr" }?.settings.host == "::1")
        #expect(network.links.first { $0.name == "south" }?.identity.id == "0b8e7c1a-1111-4222-8333-444455556666")
        #expect(network.routing.defaultLink == "north")
        #expect(network.routing.assignments == ["m_1": "north", "m_2": "south", "m_3": "south"])
        #expect(network.routing.routes == [
            AcquirerRoute(link: "south", brands: [.amex, .jcb]),
            AcquirerRoute(link: "south", bins: [BINRange("510000-559999")!, BINRange("4571")!], currencies: [.eur]),
        ])
    }

    @Test func aNamedLinksIdIsAUUIDThatStaysTheSame() {
        let id = ProcessorIdentity.acquirerLink(named: "north").id
        #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        #expect(id == ProcessorIdentity.acquirerLink(named: "north").id && id != ProcessorIdentity.acquirerLink(named: "south").id)
        #expect(Array(id)[14] == "5")
    }

    @Test(arguments: [
        ("[link.a]\nurl = \"iso8583://a:1\"\nconections = 2\n", "[link.a]: 'conections' is not a setting here"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[link.b]\nurl = \"iso8583://b:1\"\n", "has 2 links: say which is the default"),
        ("default = \"c\"\n[link.a]\nurl = \"iso8583://a:1\"\n", "default names 'c', which is not a link"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nfailover = \"a\"\n", "[link.a] cannot fail over to itself"),
        ("[link.a]\nurl = \"http://a:1\"\n", "[link.a] url must be 'simulator', iso8583://host:port"),
        ("[link.a]\nconnections = 2\n", "[link.a] needs the host's url"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nconnections = 17\n", "[link.a]: connections must be a whole number from 1 to 16"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nconnections = \"2\"\n", "connections must be a whole number from 1 to 16"),
        ("[link.a]\nurl = \"iso8583://a:1\"\ntls-ca = \"ca.pem\"\n", "[link.a] tls-ca needs TLS on the link"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nmac-key-file = \"/nowhere/mac\"\n", "cannot read the acquirer MAC key file /nowhere/mac"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nid = \"north\"\n", "[link.a] id must be a UUID"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nkey-exchange-interval = 3600\n", "[link.a] key-exchange-interval needs a zone master key"),
        ("[link.a]\nurl = \"iso8583://a:1\"\nkey-exchange-interval = 30\n", "key-exchange-interval must be a whole number from 60 to 86400"),
        ("default = \"a\"\n[link.a]\nurl = \"iso8583://a:1\"\nmerchants = [\"m\"]\n[link.b]\nurl = \"iso8583://b:1\"\nmerchants = [\"m\"]\n",
         "merchant m is assigned to both [link.a] and [link.b]"),
        ("[link.\"a b\"]\nurl = \"iso8583://a:1\"\n", "a link's name is 1 to 32 letters"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\n", "[[route]] 1 has no condition"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"b\"\nbrands = [\"visa\"]\n", "[[route]] 1 link names 'b', which is not a link"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\nbrands = [\"visacard\"]\n", "brands: 'visacard' is not a card brand"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\nbins = [\"59-51\"]\n", "bins: '59-51' is not a BIN range"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\nbins = [\"5-599\"]\n", "bins: '5-599' is not a BIN range"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\ncurrencies = [\"XYZ\"]\n", "currencies: 'XYZ' is not an ISO 4217"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\nbrands = []\n", "brands is empty"),
        ("[link.a]\nurl = \"iso8583://a:1\"\n[[route]]\nlink = \"a\"\nbrand = [\"visa\"]\n", "[[route]] 1: 'brand' is not a setting here"),
        ("defualt = \"a\"\n[link.a]\nurl = \"iso8583://a:1\"\n", "acquirers.toml: 'defualt' is not a setting here"),
        ("[link]\n", "names no link"),
        ("[link.a\nurl = 1\n", "is not TOML"),
    ])
    func aMistakeIsRefusedNamingIt(file: String, message: String) {
        #expect {
            try AcquirerNetworkFile.parse(file, path: "acquirers.toml")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("acquirers.toml")
        }
    }

    @Test func theAcquirersFileReplacesTheSingleLinksSettings() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("acquirers-\(UUID().uuidString).toml")
        try Self.file.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var overrides = ConfigurationOverrides()
        overrides.acquirersFile = url.path
        let configuration = try overrides.resolve(environment: [:])
        guard case .acquirers(let network) = configuration.processor else { Issue.record("not several links"); return }
        #expect(network.links.count == 3)
        // Above the slowest link's own wait (25 s by default).
        #expect(configuration.processorTimeout == .seconds(30))
        #expect(throws: ConfigurationError.self) { try overrides.resolve(environment: ["TAPLINE_ZONE_PIN_KEY": String(repeating: "0", count: 32)]) }
        overrides.processor = "iso8583://a:1"
        #expect {
            try overrides.resolve(environment: [:])
        } throws: { error in
            "\(error)" == "--processor is a setting of the single acquirer link; with --acquirers each link's settings are in the acquirers file: remove --processor"
        }
    }
}
