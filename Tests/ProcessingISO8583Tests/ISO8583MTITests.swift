import ProcessingISO8583
import Testing

@Suite struct ISO8583MTITests {
    @Test func acceptsFourDigitsOfVersion0() {
        #expect(ISO8583MTI(rawValue: "0100")?.rawValue == "0100")
        #expect(ISO8583MTI(rawValue: "0810") != nil)
    }

    @Test func refusesAnythingElse() {
        for text in ["", "010", "01000", "1100", "2100", "01A0", " 100", "０１００"] {
            #expect(ISO8583MTI(rawValue: text) == nil, "\(text)")
        }
    }

    @Test func namedTypesAreValid() {
        let named: [ISO8583MTI] = [
            .authorizationRequest, .authorizationResponse, .financialRequest, .financialResponse,
            .financialAdvice, .financialAdviceResponse, .reversalRequest, .reversalRequestRepeat,
            .reversalResponse, .reconciliationRequest, .reconciliationResponse,
            .networkManagementRequest, .networkManagementResponse,
        ]
        for type in named {
            #expect(ISO8583MTI(rawValue: type.rawValue) == type)
        }
    }

    @Test func responseTypeAnswersRequestsAndAdvicesOnly() {
        let answers = [
            "0100": "0110", "0101": "0110", "0200": "0210", "0220": "0230", "0221": "0230",
            "0400": "0410", "0401": "0410", "0500": "0510", "0800": "0810",
        ]
        for (request, response) in answers {
            #expect(ISO8583MTI(rawValue: request)?.responseType?.rawValue == response, "\(request)")
            #expect(ISO8583MTI(rawValue: request)?.isResponse == false)
            #expect(ISO8583MTI(rawValue: response)?.isResponse == true)
            #expect(ISO8583MTI(rawValue: response)?.responseType == nil)
        }
        #expect(ISO8583MTI(rawValue: "0240")?.responseType == nil)
    }

    @Test func aRepeatSetsTheOriginDigitAndTheFirstSendClearsIt() {
        #expect(ISO8583MTI.reversalRequest.repeated == .reversalRequestRepeat)
        #expect(ISO8583MTI.financialAdvice.repeated == .financialAdviceRepeat)
        #expect(ISO8583MTI.financialAdviceRepeat.firstSend == .financialAdvice)
        #expect(ISO8583MTI.reversalRequestRepeat.repeated == .reversalRequestRepeat)
        #expect(ISO8583MTI.financialAdviceRepeat.rawValue == "0221")
    }
}
