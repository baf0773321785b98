extension SQLiteHandle {
    /// Runs `body` in a `SAVEPOINT` of the open transaction: released when it returns, rolled
    /// back to and released when it throws, so a failing write leaves no trace while the rest
    /// of its group stays. Its session is closed when it ends.
    func inSavepoint<T: Sendable>(_ body: (SQLiteSession) async throws -> T) async -> Result<T, any Error> {
        do {
            try run("SAVEPOINT tapline_write")
        } catch {
            return .failure(error)
        }
        let session = SQLiteSession(handle: self)
        do {
            let value = try await body(session)
            session.close()
            try run("RELEASE tapline_write")
            return .success(value)
        } catch {
            session.close()
            if inTransaction {
                do {
                    try run("ROLLBACK TO tapline_write")
                    try run("RELEASE tapline_write")
                } catch {
                    // The savepoint could not be undone alone: the group cannot be trusted.
                    try? run("ROLLBACK")
                }
            }
            return .failure(error)
        }
    }
}
