/// A page of a list that pages by `?page=` (1 first): the page asked for, how many there
/// are, and the links to the pages either side.
struct DashboardPager: Sendable {
    let page: Int
    let pageSize: Int
    private(set) var pages = 1

    /// The page the query asks for; a page that is not 1 to 100,000 is refused.
    init(_ input: DashboardInput, pageSize: Int) throws {
        var number = 1
        if let text = input.query("page") {
            guard let asked = Int(text), (1...100_000).contains(asked) else { throw DashboardFailure.badForm("page must be 1 or more") }
            number = asked
        }
        page = number
        self.pageSize = pageSize
    }

    /// Where the list's page starts.
    var offset: Int { (page - 1) * pageSize }

    /// Counts the pages once the list's total is known.
    mutating func count(_ total: Int) { pages = max(1, (total + pageSize - 1) / pageSize) }

    func previous(_ path: DashboardPath) -> String? { page > 1 ? path.with([("page", String(page - 1))]) : nil }
    func next(_ path: DashboardPath) -> String? { page < pages ? path.with([("page", String(page + 1))]) : nil }
}
