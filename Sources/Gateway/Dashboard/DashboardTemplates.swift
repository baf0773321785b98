import Foundation
import Mustache

/// A page's model, rendered by the template it names: one model, one view. Mustache reads
/// a model's stored properties, so a model holds only typed values (no `Any`), and the
/// HTML snapshot tests pin what each template makes of them.
protocol DashboardView: Sendable {
    /// The template's name in `Resources/dashboard` (`payments` for `payments.mustache`).
    static var template: String { get }
}

/// The dashboard's Mustache templates, read once from the gateway's resources
/// (`Resources/dashboard/*.mustache`). `{{value}}` escapes HTML, so text a client sent
/// (a reference, a customer name) never becomes markup; no template uses `{{{…}}}`.
struct DashboardTemplates: Sendable {
    let library: MustacheLibrary
    /// The stylesheet, served at `/dashboard/static/dashboard.css`.
    let stylesheet: String

    static let shared: DashboardTemplates = {
        guard let folder = Bundle.module.url(forResource: "dashboard", withExtension: nil) else {
            fatalError("the gateway's dashboard templates are missing from its resources")
        }
        var templates: [String: MustacheTemplate] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".mustache") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            do {
                templates[String(name.dropLast(".mustache".count))] = try MustacheTemplate(string: text)
            } catch {
                fatalError("dashboard template \(name) does not parse: \(error)")
            }
        }
        let css = (try? String(contentsOf: folder.appendingPathComponent("dashboard.css"), encoding: .utf8)) ?? ""
        return DashboardTemplates(library: MustacheLibrary(templates: templates), stylesheet: css)
    }()

    func render<Page: DashboardView>(_ page: Page) -> String {
        library.render(page, withTemplate: Page.template) ?? "template \(Page.template) is missing"
    }
}
