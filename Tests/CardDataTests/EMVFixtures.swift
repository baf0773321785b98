import CardData
import Foundation

/// Fixtures/emv_vectors.json, written by scripts/interop/emv_vectors.py with pyemv (TLV)
/// and psec (ISO 9564 format 4 PIN blocks), and the JSON shape of TLV objects that the
/// vectors and the live peer (scripts/interop/emv_peer.py) share.
struct EMVFixtures: Decodable {
    /// One TLV object: `value` (hex) for a primitive object, `children` for a template.
    struct Item: Codable, Equatable, CustomStringConvertible {
        var tag: String
        var value: String?
        var children: [Item]?

        init(_ tlv: TLV) {
            tag = tlv.tag.description
            switch tlv.value {
            case .primitive(let bytes): value = EMVFixtures.hex(bytes)
            case .constructed(let items): children = items.map(Item.init)
            }
        }

        func tlv() throws -> TLV {
            guard let tag = TLVTag(hex: tag) else { throw FixtureError("bad tag \(tag)") }
            if let children { return TLV(tag, children: try children.map { try $0.tlv() }) }
            return TLV(tag, try EMVFixtures.data(value ?? ""))
        }

        // Fixture values are test data, so printing them in a failure message is fine.
        var description: String {
            if let children { return "\(tag)[\(children.map(\.description).joined(separator: " "))]" }
            return "\(tag)=\(value ?? "")"
        }
    }

    struct TLVVector: Decodable {
        let name: String
        let hex: String
        let items: [Item]
    }

    struct PINVector: Decodable {
        let name: String
        let key: String
        let pin: String
        let pan: String
        /// The 8 random fill bytes psec was given; nil when unknown (decipher only).
        let fill: String?
        let block: String
    }

    struct MalformedPINVector: Decodable {
        let name: String
        let key: String
        let pan: String
        let block: String
        /// The ``PINBlockError`` expected, spelled as in Swift, e.g. "notFormat4(3)".
        let error: String
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let pyemv: String
    let psec: String
    let tlv: [TLVVector]
    let pinblockISO4: [PINVector]
    let pinblockISO4Malformed: [MalformedPINVector]

    private enum CodingKeys: String, CodingKey {
        case pyemv, psec, tlv
        case pinblockISO4 = "pinblock_iso4"
        case pinblockISO4Malformed = "pinblock_iso4_malformed"
    }

    /// Found next to this source file, so no resource has to be declared in Package.swift.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/emv_vectors.json")

    static func load() throws -> EMVFixtures {
        try JSONDecoder().decode(EMVFixtures.self, from: Data(contentsOf: url))
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    static func data(_ hex: String) throws -> Data {
        let characters = Array(hex.utf8)
        guard characters.count.isMultiple(of: 2) else { throw FixtureError("odd-length hex") }
        var bytes = Data()
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let byte = UInt8(String(decoding: characters[index...index + 1], as: UTF8.self), radix: 16) else {
                throw FixtureError("bad hex \(hex)")
            }
            bytes.append(byte)
        }
        return bytes
    }
}
