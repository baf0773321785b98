@preconcurrency import Crypto
import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// Runs a keyed dashboard form once per key (`dashboard-<key>`, through the API's
/// ``IdempotencyGuard``). The same form sent again gets the first one's outcome: its
/// redirect, or the refusal it met; while the first still runs, the second waits for it
/// rather than saying nothing was done. The form's fields are hashed in name order, without
/// the CSRF token and `confirm`, so the same fields in another order (or after signing in
/// again) are the same request.
struct DashboardOnce: Sendable {
    let idempotency: IdempotencyGuard
    /// How long a duplicate waits for the first to finish, and how often it looks.
    var wait: Duration = .seconds(30)
    var look: Duration = .milliseconds(50)

    func run(
        _ input: DashboardInput, landing: DashboardPath, _ handler: @Sendable (DashboardInput) async throws -> DashboardOutcome
    ) async throws -> Response {
        let key = input.form["key"]
        guard (16...64).contains(key.count) else { throw DashboardFailure.badForm("the form's key is missing; reload the page") }
        let merchantId = try input.user.merchantId
        let claim = IdempotencyClaim(
            merchantId: merchantId, key: "dashboard-\(key)", requestHash: Self.hash(input), format: .v1,
            createdAt: idempotency.now(), claimedInPhaseOne: false)
        let deadline = ContinuousClock.now.advanced(by: wait)
        while true {
            var answered: DashboardOutcome?
            let outcome: IdempotencyGuard.Outcome
            do {
                outcome = try await idempotency.run(claim) { claim in
                    var input = input
                    input.claim = claim
                    let result = try await handler(input)
                    // A page that refuses what was typed keeps nothing: the key is freed, and
                    // the form, corrected, may be sent again.
                    if case .page(let response) = result, response.status.code >= 400 { throw Unkept(response: response) }
                    answered = result
                    return (.ok, try JSONEncoder().encode(Kept(result)))
                }
            } catch let error as GatewayError where error.body.code == APIErrorCode.idempotencyKeyInUse.rawValue {
                // The first of these forms is still running: wait for its outcome.
                guard ContinuousClock.now < deadline else {
                    throw DashboardFailure.refused("the same form is still being processed; reload in a moment to see its outcome", page: landing)
                }
                try await Task.sleep(for: look)
                continue
            } catch let unkept as Unkept {
                return unkept.response
            } catch let error as GatewayError where error.body.code == APIErrorCode.idempotencyKeyMismatch.rawValue {
                throw DashboardFailure.refused("this form was already sent with other values; reload the page for a fresh form", page: landing)
            } catch let failure as DashboardFailure {
                throw failure
            } catch {
                guard let refusal = GatewayError.canonical(error) else { throw error }
                throw DashboardFailure.refused(refusal.body.message, page: landing)
            }
            switch outcome {
            case .answered: return answered?.response ?? DashboardResponse.redirect(landing.path)
            case .replayed(let status, let body): return try Self.replay(status: status, body: body, landing: landing)
            }
        }
    }

    /// The first form's outcome again: its redirect; a page shown once is not shown again.
    private static func replay(status: Int, body: Data, landing: DashboardPath) throws -> Response {
        guard (200..<300).contains(status) else {
            let message = (try? JSONCoding.decoder.decode(ErrorEnvelope.self, from: body))?.error.message ?? "the first request with this form was refused"
            throw DashboardFailure.refused(message, page: landing)
        }
        guard let kept = try? JSONDecoder().decode(Kept.self, from: body) else { return DashboardResponse.redirect(landing.path) }
        if kept.shownOnce == true { throw DashboardFailure.shownOnce(kept.location) }
        return DashboardResponse.redirect(kept.location)
    }

    private struct Unkept: Error {
        var response: Response
    }

    /// What a keyed form's outcome keeps for a replay: where it went, never a page's content.
    struct Kept: Codable {
        var location: String
        var shownOnce: Bool?

        init(_ outcome: DashboardOutcome) {
            switch outcome {
            case .redirect(let location): self.init(location: location, shownOnce: nil)
            case .shownOnce(_, let then): self.init(location: then.path, shownOnce: true)
            case .page: self.init(location: DashboardPath.payments.path, shownOnce: true)
            }
        }

        init(location: String, shownOnce: Bool?) {
            self.location = location
            self.shownOnce = shownOnce
        }
    }

    static func hash(_ input: DashboardInput) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("POST \(input.request.uri.path)\n".utf8))
        for (name, value) in input.form.fields.sorted(by: { $0.key < $1.key }) where name != "csrf" && name != "confirm" {
            // Length-prefixed, so no two forms hash alike by moving text between fields.
            hasher.update(data: Data("\(name.utf8.count):\(name)\(value.utf8.count):\(value)".utf8))
        }
        for upload in input.uploads {
            hasher.update(data: Data("file \(upload.filename.utf8.count):\(upload.filename) \(upload.contentType) \(upload.data.count):".utf8))
            hasher.update(data: upload.data)
        }
        return Data(hasher.finalize()).hexString
    }
}
