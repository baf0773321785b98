/// `{}`: the body of a POST that needs none (a void, an activation, a reader token).
struct EmptyBody: Codable, Sendable {}
