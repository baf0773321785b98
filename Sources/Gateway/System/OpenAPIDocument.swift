import Foundation

/// The OpenAPI 3.1 document of the canonical API (`Sources/Gateway/Resources/openapi.yaml`),
/// read once from the module's resources and served at `/v1/openapi.yaml`.
enum OpenAPIDocument {
    static let yaml: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            return "openapi: 3.1.0\ninfo: {title: Tapline, version: unknown}\npaths: {}\n"
        }
        return text
    }()
}
