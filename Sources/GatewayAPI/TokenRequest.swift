/// `POST /v1/oauth/token`, as JSON or form-encoded (OAuth 2.0 names).
public struct TokenRequest: Codable, Sendable, Equatable {
    /// "client_credentials" or "refresh_token".
    public var grantType: String
    public var clientId: String?
    public var clientSecret: String?
    public var refreshToken: String?

    public init(grantType: String, clientId: String? = nil, clientSecret: String? = nil, refreshToken: String? = nil) {
        self.grantType = grantType
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case grantType = "grant_type"
        case clientId = "client_id"
        case clientSecret = "client_secret"
        case refreshToken = "refresh_token"
    }
}

/// A granted access token (a signed JWT) and the refresh token that replaces it.
public struct TokenResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    /// Single use: exchanging it returns a new one.
    public var refreshToken: String
    /// The client's permissions, space separated.
    public var scope: String

    public init(accessToken: String, tokenType: String = "Bearer", expiresIn: Int, refreshToken: String, scope: String) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.scope = scope
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case scope
    }
}
