import Foundation
import Processing
import TOMLKit

/// Reads the acquirers file (`--acquirers FILE`, docs/iso8583.md "Several acquirers"): the
/// named links, which link is the default, the merchants assigned to each, and the routing
/// rules. Everything is checked here, so a bad link, key, certificate or rule stops the
/// start with one line naming the file, the table and the key; an unknown key is refused,
/// never ignored.
enum AcquirerNetworkFile {
    static func read(path: String) throws(ConfigurationError) -> AcquirerNetworkSettings {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .invalid("cannot read the acquirers file \(path) (--acquirers)")
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(ConfigurationError) -> AcquirerNetworkSettings {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .invalid("the acquirers file \(path) is not TOML: \(error.description) at line \(error.source.begin.line)")
        } catch {
            throw .invalid("the acquirers file \(path) is not TOML: \(error)")
        }
        var reader = TOMLKeys(table: root, place: "the acquirers file \(path)")
        guard let linkTables = try reader.table("link"), !linkTables.keys.isEmpty else {
            throw .invalid("the acquirers file \(path) names no link: add a [link.NAME] table with its url")
        }
        var links: [NamedAcquirerLinkSettings] = []
        var assignments: [String: String] = [:]
        for name in linkTables.keys {
            let (link, merchants) = try AcquirerLinkTable.read(linkTables[name]?.table, name: name, path: path)
            for merchant in merchants {
                if let other = assignments[merchant] {
                    throw .invalid("the acquirers file \(path): merchant \(merchant) is assigned to both [link.\(other)] and [link.\(name)]")
                }
                assignments[merchant] = name
            }
            links.append(link)
        }
        let names = Set(links.map(\.name))
        let defaultLink = try reader.string("default") ?? (links.count == 1 ? links[0].name : nil)
        guard let defaultLink else {
            throw .invalid("the acquirers file \(path) has \(links.count) links: say which is the default, as default = \"\(links[0].name)\"")
        }
        try requireLink(defaultLink, names, "default", path)
        for link in links {
            if let failover = link.failover {
                try requireLink(failover, names, "[link.\(link.name)] failover", path)
                guard failover != link.name else { throw .invalid("the acquirers file \(path): [link.\(link.name)] cannot fail over to itself") }
            }
        }
        let routes = try AcquirerRouteTable.read(reader.array("route"), path: path)
        for (index, route) in routes.enumerated() { try requireLink(route.link, names, "[[route]] \(index + 1) link", path) }
        try reader.finish()
        return AcquirerNetworkSettings(links: links, routing: AcquirerRouting(defaultLink: defaultLink, assignments: assignments, routes: routes))
    }

    private static func requireLink(_ name: String, _ names: Set<String>, _ key: String, _ path: String) throws(ConfigurationError) {
        guard names.contains(name) else {
            throw .invalid("the acquirers file \(path): \(key) names '\(name.prefix(64))', which is not a link (links: \(names.sorted().joined(separator: ", ")))")
        }
    }
}
