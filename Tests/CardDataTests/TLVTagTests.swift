import CardData
import Testing

@Suite struct TLVTagTests {
    @Test func bytesAndDescription() {
        #expect(TLVTag.applicationPAN.bytes == [0x5A])
        #expect(TLVTag.amountAuthorised.bytes == [0x9F, 0x02])
        #expect(TLVTag.readId.bytes == [0xDF, 0x81, 0x01])
        #expect(TLVTag(0xDF81_8101).bytes == [0xDF, 0x81, 0x81, 0x01])
        #expect(TLVTag(0).bytes == [0x00])
        #expect(TLVTag.amountAuthorised.description == "9F02")
        #expect(TLVTag.fciIssuerDiscretionaryData.description == "BF0C")
        #expect(TLVTag.readId.description == "DF8101")
        #expect("\(TLVTag.applicationIdentifier)" == "4F")
    }

    @Test func constructedBitIsBitSixOfTheFirstByte() {
        let constructed: [TLVTag] = [
            .readRecordTemplate, .responseTemplateFormat2, .fciTemplate, .fciProprietaryTemplate,
            .fciIssuerDiscretionaryData, .taplineTemplate, TLVTag(0xFF8105),
        ]
        for tag in constructed {
            #expect(tag.isConstructed, "\(tag)")
        }
        let primitive: [TLVTag] = [
            .applicationPAN, .amountAuthorised, .responseTemplateFormat1, .readId, .pinBlock, .track2EquivalentData,
        ]
        for tag in primitive {
            #expect(!tag.isConstructed, "\(tag)")
        }
    }

    @Test func parsesWellFormedHex() {
        #expect(TLVTag(hex: "5A") == .applicationPAN)
        #expect(TLVTag(hex: "9f02") == .amountAuthorised)
        #expect(TLVTag(hex: "DF8101") == .readId)
        #expect(TLVTag(hex: "DF818101") == TLVTag(0xDF81_8101))
    }

    @Test func refusesMalformedHex() {
        let malformed = [
            "", "5", "5G", "9F", "DF81", "5A00", "9F0200", "DF81818101", "DF81818181", " 5A", "0x5A",
        ]
        for hex in malformed {
            #expect(TLVTag(hex: hex) == nil, "\(hex)")
        }
    }

    @Test func namesStandardAndTaplineTags() {
        #expect(TLVTag.applicationPAN.name == "Application Primary Account Number (PAN)")
        #expect(TLVTag.amountAuthorised.name == "Amount, Authorised (Numeric)")
        #expect(TLVTag(0x9F7C).name == nil)
        let tapline: [(UInt32, TLVTag, String)] = [
            (0xDF8101, .readId, "Tapline read id"),
            (0xDF8102, .readTime, "Tapline read time"),
            (0xDF8103, .readerId, "Tapline card reader id"),
            (0xDF8104, .pinBlock, "Tapline PIN block (ISO 9564 format 4)"),
            (0xDF8105, .pinToken, "Tapline PIN token"),
            (0xDF8106, .maskedPAN, "Tapline masked PAN"),
            (0xDF8107, .cardBrand, "Tapline card brand"),
            (0xDF8108, .cardFunding, "Tapline card funding"),
        ]
        for (rawValue, tag, name) in tapline {
            #expect(tag.rawValue == rawValue)
            #expect(tag.name == name)
        }
        #expect(TLVTag.taplineTemplate.rawValue == 0xE1)
        #expect(TLVTag.taplineTemplate.name != nil)
    }

    @Test func everyConstantHasAName() {
        let constants: [TLVTag] = [
            .applicationPAN, .applicationExpirationDate, .track2EquivalentData, .applicationCryptogram,
            .applicationTransactionCounter, .terminalVerificationResults, .issuerApplicationData, .cvmResults,
            .amountAuthorised, .transactionCurrencyCode, .transactionType, .applicationIdentifier,
            .applicationLabel, .transactionStatusInformation, .authorisationResponseCode,
            .cryptogramInformationData, .unpredictableNumber, .transactionDate, .terminalCountryCode,
            .applicationInterchangeProfile, .dedicatedFileName, .terminalCapabilities, .terminalType,
            .formFactorIndicator, .readRecordTemplate, .responseTemplateFormat2, .fciTemplate,
            .fciProprietaryTemplate, .fciIssuerDiscretionaryData, .responseTemplateFormat1,
            .applicationPANSequenceNumber, .cardholderName, .issuerCountryCode, .taplineTemplate,
        ]
        for tag in constants {
            #expect(tag.name != nil, "\(tag)")
            #expect(TLVTag(hex: tag.description) == tag, "\(tag)")
        }
    }

    @Test func sensitiveTags() {
        let sensitive: [UInt32] = [0x5A, 0x57, 0x5F20, 0xDF8104, 0x9F1F, 0x9F20, 0x56, 0x9F6B]
        for rawValue in sensitive {
            #expect(TLVTag(rawValue).isSensitive, "\(TLVTag(rawValue))")
        }
        let ordinary: [TLVTag] = [.maskedPAN, .amountAuthorised, .applicationExpirationDate, .readRecordTemplate]
        for tag in ordinary {
            #expect(!tag.isSensitive, "\(tag)")
        }
    }
}
