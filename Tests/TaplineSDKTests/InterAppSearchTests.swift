import Foundation
import TaplineSDK
import Testing

@Suite("Inter-app requests: which earlier payment a capture or cancel names")
struct InterAppSearchTests {
    typealias F = InterAppFixtures
    static let head = "merchantKey=K&callback=interapp-callback&action="

    @Test(arguments: [InterAppAction.capturePreAuth, .cancel])
    func orderCodeWinsOverReferenceNumber(_ action: InterAppAction) throws {
        let request = try F.parse(Self.head + action.rawValue + "&referenceNumber=833121&orderCode=109113919500020")
        #expect(request.match == .orderCode("109113919500020"))
    }

    @Test(arguments: [InterAppAction.capturePreAuth, .cancel])
    func shortOrderCodeWinsOverOrderCode(_ action: InterAppAction) throws {
        let request = try F.parse(Self.head + action.rawValue + "&orderCode=109113919500020&shortOrderCode=1091139195")
        #expect(request.match == .shortOrderCode("1091139195"))
    }

    @Test func shortOrderCodeWinsOverBothOthers() throws {
        let request = try F.parse(Self.head + "cancel&referenceNumber=833121&orderCode=1091139195000&shortOrderCode=1091139195")
        #expect(request.match == .shortOrderCode("1091139195"))
        // The losers are dropped, so a rebuilt URL carries only what counts.
        let rebuilt = try request.url().absoluteString
        #expect(!rebuilt.contains("orderCode=1091139195000") && !rebuilt.contains("referenceNumber"))
    }

    @Test func referenceNumberAloneCounts() throws {
        #expect(try F.parse(Self.head + "capture_pre_auth&referenceNumber=833121").match == .referenceNumber("833121"))
    }

    @Test func matchReportsItsParameterAndValue() {
        let match = TransactionMatch.resolving(orderCode: "O", shortOrderCode: nil, referenceNumber: "R")
        #expect(match?.parameterName == "orderCode" && match?.value == "O")
        #expect(TransactionMatch.resolving(orderCode: "", shortOrderCode: nil, referenceNumber: nil) == nil)
    }

    @Test func dateFromAloneRunsToNowInTheSameOffset() throws {
        let request = try F.parse(F.capture + "&txnDateFrom=2021-03-29T00:00:00.000+0300")
        let range = try #require(request.dateRange)
        #expect(range.from == F.timestamp("2021-03-29T00:00:00+03:00"))
        #expect(range.to == F.timestamp("2021-03-29T09:40:00+03:00"))
        #expect(range.to.date == F.now)
    }

    @Test func bothDatesAreKeptAsGiven() throws {
        let request = try F.parse(F.cancel + "&txnDateFrom=2021-03-29T00:00:00Z&txnDateTo=2021-03-30T00:00:00.000%2B0300")
        let range = try #require(request.dateRange)
        #expect(range.from == F.timestamp("2021-03-29T00:00:00Z"))
        #expect(range.to == F.timestamp("2021-03-30T00:00:00+03:00"))
        #expect(range.contains(F.timestamp("2019-09-13T12:14:19.8703452+03:00")) == false)
        #expect(range.contains(F.timestamp("2021-03-29T12:14:19.8703452+03:00")))
    }

    @Test func aWindowOfOneInstantIsAllowed() throws {
        let request = try F.parse(F.cancel + "&txnDateFrom=2021-03-29T00:00:00Z&txnDateTo=2021-03-29T03:00:00+03:00")
        #expect(request.dateRange?.contains(F.timestamp("2021-03-29T00:00:00Z")) == true)
    }

    @Test func noDatesMeansNoWindow() throws {
        #expect(try F.parse(F.capture).dateRange == nil)
    }
}
