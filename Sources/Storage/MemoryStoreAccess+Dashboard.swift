import Foundation

extension MemoryStoreQuerying {
    func dashboardUser(email: String) async throws -> DashboardUser? {
        try withState { state in state.dashboard.users.values.first { $0.email == email } }
    }

    func dashboardUser(id: String, merchantId: String) async throws -> DashboardUser? {
        try withState { state in state.dashboard.users[id].flatMap { $0.merchantId == merchantId ? $0 : nil } }
    }

    func dashboardUsers(merchantId: String) async throws -> [DashboardUser] {
        try withState { state in
            state.dashboard.users.values.filter { $0.merchantId == merchantId }
                .sorted { MemoryStoreState.precedes($0.email, $1.email) }
        }
    }

    func dashboardUser(invitationHash: String) async throws -> DashboardUser? {
        try withState { state in state.dashboard.users.values.first { $0.invitationHash == invitationHash } }
    }

    func dashboardSession(tokenHash: String) async throws -> DashboardSession? {
        try withState { $0.dashboard.sessions[tokenHash] }
    }

    func dashboardAudit(merchantId: String, limit: Int) async throws -> [DashboardAuditEntry] {
        try withState { state in
            // Newest first; entries of one instant by id, as SQL orders them.
            let entries = state.dashboard.audit.filter { $0.merchantId == merchantId }
                .sorted { ($0.at, $1.id) > ($1.at, $0.id) }
            return Array(entries.prefix(max(0, limit)))
        }
    }
}

extension MemoryStoreWriter {
    func insert(_ user: DashboardUser) async throws {
        try change { state in
            guard state.dashboard.users[user.id] == nil, !state.dashboard.users.values.contains(where: { $0.email == user.email }) else {
                throw StoreError.duplicate("dashboard user \(user.email)")
            }
            state.dashboard.users[user.id] = user
        }
    }

    func update(_ user: DashboardUser) async throws {
        try change { state in
            guard state.dashboard.users[user.id]?.merchantId == user.merchantId else { throw StoreError.notFound("dashboard user \(user.id)") }
            state.dashboard.users[user.id] = user
        }
    }

    func insert(_ session: DashboardSession) async throws {
        try change { state in
            guard state.dashboard.sessions[session.tokenHash] == nil else { throw StoreError.duplicate("dashboard session") }
            state.dashboard.sessions[session.tokenHash] = session
        }
    }

    func deleteDashboardSession(tokenHash: String) async throws {
        try change { $0.dashboard.sessions[tokenHash] = nil }
    }

    func deleteDashboardUser(id: String, merchantId: String) async throws {
        try change { state in
            guard state.dashboard.users[id]?.merchantId == merchantId else { return }
            state.dashboard.users[id] = nil
            state.dashboard.sessions = state.dashboard.sessions.filter { $0.value.userId != id }
        }
    }

    func deleteDashboardSessions(userId: String, except tokenHash: String?) async throws {
        try change { state in state.dashboard.sessions = state.dashboard.sessions.filter { $0.value.userId != userId || $0.key == tokenHash } }
    }

    func deleteDashboardSessions(expiredBefore date: Date) async throws {
        try change { state in state.dashboard.sessions = state.dashboard.sessions.filter { $0.value.expiresAt >= date } }
    }

    func insert(_ entry: DashboardAuditEntry) async throws {
        try change { state in
            guard !state.dashboard.audit.contains(where: { $0.id == entry.id }) else { throw StoreError.duplicate("audit entry \(entry.id)") }
            state.dashboard.audit.append(entry)
        }
    }
}

/// What a ``MemoryStore`` holds for the dashboard.
struct MemoryDashboardState: Sendable {
    var users: [String: DashboardUser] = [:]
    var sessions: [String: DashboardSession] = [:]
    var audit: [DashboardAuditEntry] = []
}
