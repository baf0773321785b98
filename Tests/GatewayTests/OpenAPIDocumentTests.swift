@testable import Gateway
import GatewayAPI
import Testing

@Suite("The OpenAPI document names what the gateway answers")
struct OpenAPIDocumentTests {
    @Test func everyErrorCodeIsDocumented() {
        for code in APIErrorCode.allCases {
            #expect(OpenAPIDocument.yaml.contains("        - \(code.rawValue)\n"), "\(code.rawValue)")
        }
    }

    @Test func everyDeviceRouteAndTheDeviceHeaderAreDocumented() {
        for path in [
            APIPath.devices, APIPath.device("{deviceId}"), APIPath.activateTapToPay("{deviceId}"),
            APIPath.deactivateTapToPay("{deviceId}"), APIPath.readerToken("{deviceId}"),
        ] {
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(path)")
        }
        #expect(OpenAPIDocument.yaml.contains("name: \(APIHeader.deviceInstallationId)"))
    }
}
