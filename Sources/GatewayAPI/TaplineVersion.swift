/// Tapline's one version. The gateway (`GET /health`), the `tapline` command
/// (`tapline --version`) and the SDK (`TaplineClient.version` in TaplineSDK) ship together
/// from one package and all show this value, so an operator can match a client to a server
/// at a glance. It lives here because GatewayAPI is the lowest module both sides import.
public enum TaplineVersion {
    /// The release's semantic version; also the OpenAPI document's `info.version`.
    public static let current = "0.4.0"
}
