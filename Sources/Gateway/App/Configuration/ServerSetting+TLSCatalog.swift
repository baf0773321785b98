extension ServerSetting {
    static let listenerTLS: [ServerSetting] = [tlsCertificate, tlsKey, tlsClientCA]

    public static let tlsCertificate = ServerSetting(
        "tls-certificate", "TAPLINE_TLS_CERTIFICATE",
        "Serve the API over TLS (HTTPS, HTTP/1.1 and HTTP/2) with this PEM certificate chain, leaf first, and tls-key; "
            + "both are read again on SIGHUP, without dropping connections")
    public static let tlsKey = ServerSetting(
        "tls-key", "TAPLINE_TLS_KEY", "The PEM private key of tls-certificate (unencrypted; keep the file mode 0600)")
    public static let tlsClientCA = ServerSetting(
        "tls-client-ca", "TAPLINE_TLS_CLIENT_CA",
        "With tls-certificate: PEM certificates every client's certificate must chain to (mutual TLS); clients without one are refused")
}
