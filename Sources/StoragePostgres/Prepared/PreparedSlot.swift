import Logging
import PostgresNIO

/// A slot's index as a type: PostgresNIO names and prepares a statement by its type, so each
/// of ``PostgresPreparedStatements``' slots is one instance of ``PreparedSlot``.
protocol PreparedSlotIndex: Sendable {
    static var value: Int { get }
}

/// The statement in slot `Index`, with this run's bindings; rows come back as they are.
struct PreparedSlot<Index: PreparedSlotIndex>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var name: String { PostgresPreparedStatements.name(Index.value) }
    static var sql: String { PostgresPreparedStatements.shared.key(of: Index.value).sql }
    static var bindingDataTypes: [PostgresDataType] { PostgresPreparedStatements.shared.key(of: Index.value).types }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }

    static func run(_ connection: PostgresConnection, _ bindings: PostgresBindings, _ logger: Logger) async throws -> [PostgresRow] {
        var rows: [PostgresRow] = []
        for try await row in try await connection.execute(Self(bindings: bindings), logger: logger) { rows.append(row) }
        return rows
    }
}

/// The slots, one runner each: a slot more is an index type more and its runner here.
enum PreparedSlots {
    typealias Runner = @Sendable (PostgresConnection, PostgresBindings, Logger) async throws -> [PostgresRow]

    static let runners: [Runner] = [
        PreparedSlot<S0>.run, PreparedSlot<S1>.run, PreparedSlot<S2>.run, PreparedSlot<S3>.run,
        PreparedSlot<S4>.run, PreparedSlot<S5>.run, PreparedSlot<S6>.run, PreparedSlot<S7>.run,
        PreparedSlot<S8>.run, PreparedSlot<S9>.run, PreparedSlot<S10>.run, PreparedSlot<S11>.run,
        PreparedSlot<S12>.run, PreparedSlot<S13>.run, PreparedSlot<S14>.run, PreparedSlot<S15>.run,
        PreparedSlot<S16>.run, PreparedSlot<S17>.run, PreparedSlot<S18>.run, PreparedSlot<S19>.run,
        PreparedSlot<S20>.run, PreparedSlot<S21>.run, PreparedSlot<S22>.run, PreparedSlot<S23>.run,
        PreparedSlot<S24>.run, PreparedSlot<S25>.run, PreparedSlot<S26>.run, PreparedSlot<S27>.run,
        PreparedSlot<S28>.run, PreparedSlot<S29>.run, PreparedSlot<S30>.run, PreparedSlot<S31>.run,
        PreparedSlot<S32>.run, PreparedSlot<S33>.run, PreparedSlot<S34>.run, PreparedSlot<S35>.run,
        PreparedSlot<S36>.run, PreparedSlot<S37>.run, PreparedSlot<S38>.run, PreparedSlot<S39>.run,
        PreparedSlot<S40>.run, PreparedSlot<S41>.run, PreparedSlot<S42>.run, PreparedSlot<S43>.run,
        PreparedSlot<S44>.run, PreparedSlot<S45>.run, PreparedSlot<S46>.run, PreparedSlot<S47>.run,
        PreparedSlot<S48>.run, PreparedSlot<S49>.run, PreparedSlot<S50>.run, PreparedSlot<S51>.run,
        PreparedSlot<S52>.run, PreparedSlot<S53>.run, PreparedSlot<S54>.run, PreparedSlot<S55>.run,
        PreparedSlot<S56>.run, PreparedSlot<S57>.run, PreparedSlot<S58>.run, PreparedSlot<S59>.run,
        PreparedSlot<S60>.run, PreparedSlot<S61>.run, PreparedSlot<S62>.run, PreparedSlot<S63>.run,
        PreparedSlot<S64>.run, PreparedSlot<S65>.run, PreparedSlot<S66>.run, PreparedSlot<S67>.run,
        PreparedSlot<S68>.run, PreparedSlot<S69>.run, PreparedSlot<S70>.run, PreparedSlot<S71>.run,
        PreparedSlot<S72>.run, PreparedSlot<S73>.run, PreparedSlot<S74>.run, PreparedSlot<S75>.run,
        PreparedSlot<S76>.run, PreparedSlot<S77>.run, PreparedSlot<S78>.run, PreparedSlot<S79>.run,
        PreparedSlot<S80>.run, PreparedSlot<S81>.run, PreparedSlot<S82>.run, PreparedSlot<S83>.run,
        PreparedSlot<S84>.run, PreparedSlot<S85>.run, PreparedSlot<S86>.run, PreparedSlot<S87>.run,
        PreparedSlot<S88>.run, PreparedSlot<S89>.run, PreparedSlot<S90>.run, PreparedSlot<S91>.run,
        PreparedSlot<S92>.run, PreparedSlot<S93>.run, PreparedSlot<S94>.run, PreparedSlot<S95>.run,
        PreparedSlot<S96>.run, PreparedSlot<S97>.run, PreparedSlot<S98>.run, PreparedSlot<S99>.run,
        PreparedSlot<S100>.run, PreparedSlot<S101>.run, PreparedSlot<S102>.run, PreparedSlot<S103>.run,
        PreparedSlot<S104>.run, PreparedSlot<S105>.run, PreparedSlot<S106>.run, PreparedSlot<S107>.run,
        PreparedSlot<S108>.run, PreparedSlot<S109>.run, PreparedSlot<S110>.run, PreparedSlot<S111>.run,
        PreparedSlot<S112>.run, PreparedSlot<S113>.run, PreparedSlot<S114>.run, PreparedSlot<S115>.run,
        PreparedSlot<S116>.run, PreparedSlot<S117>.run, PreparedSlot<S118>.run, PreparedSlot<S119>.run,
        PreparedSlot<S120>.run, PreparedSlot<S121>.run, PreparedSlot<S122>.run, PreparedSlot<S123>.run,
        PreparedSlot<S124>.run, PreparedSlot<S125>.run, PreparedSlot<S126>.run, PreparedSlot<S127>.run,
    ]
}

enum S0: PreparedSlotIndex { static let value = 0 }
enum S1: PreparedSlotIndex { static let value = 1 }
enum S2: PreparedSlotIndex { static let value = 2 }
enum S3: PreparedSlotIndex { static let value = 3 }
enum S4: PreparedSlotIndex { static let value = 4 }
enum S5: PreparedSlotIndex { static let value = 5 }
enum S6: PreparedSlotIndex { static let value = 6 }
enum S7: PreparedSlotIndex { static let value = 7 }
enum S8: PreparedSlotIndex { static let value = 8 }
enum S9: PreparedSlotIndex { static let value = 9 }
enum S10: PreparedSlotIndex { static let value = 10 }
enum S11: PreparedSlotIndex { static let value = 11 }
enum S12: PreparedSlotIndex { static let value = 12 }
enum S13: PreparedSlotIndex { static let value = 13 }
enum S14: PreparedSlotIndex { static let value = 14 }
enum S15: PreparedSlotIndex { static let value = 15 }
enum S16: PreparedSlotIndex { static let value = 16 }
enum S17: PreparedSlotIndex { static let value = 17 }
enum S18: PreparedSlotIndex { static let value = 18 }
enum S19: PreparedSlotIndex { static let value = 19 }
enum S20: PreparedSlotIndex { static let value = 20 }
enum S21: PreparedSlotIndex { static let value = 21 }
enum S22: PreparedSlotIndex { static let value = 22 }
enum S23: PreparedSlotIndex { static let value = 23 }
enum S24: PreparedSlotIndex { static let value = 24 }
enum S25: PreparedSlotIndex { static let value = 25 }
enum S26: PreparedSlotIndex { static let value = 26 }
enum S27: PreparedSlotIndex { static let value = 27 }
enum S28: PreparedSlotIndex { static let value = 28 }
enum S29: PreparedSlotIndex { static let value = 29 }
enum S30: PreparedSlotIndex { static let value = 30 }
enum S31: PreparedSlotIndex { static let value = 31 }
enum S32: PreparedSlotIndex { static let value = 32 }
enum S33: PreparedSlotIndex { static let value = 33 }
enum S34: PreparedSlotIndex { static let value = 34 }
enum S35: PreparedSlotIndex { static let value = 35 }
enum S36: PreparedSlotIndex { static let value = 36 }
enum S37: PreparedSlotIndex { static let value = 37 }
enum S38: PreparedSlotIndex { static let value = 38 }
enum S39: PreparedSlotIndex { static let value = 39 }
enum S40: PreparedSlotIndex { static let value = 40 }
enum S41: PreparedSlotIndex { static let value = 41 }
enum S42: PreparedSlotIndex { static let value = 42 }
enum S43: PreparedSlotIndex { static let value = 43 }
enum S44: PreparedSlotIndex { static let value = 44 }
enum S45: PreparedSlotIndex { static let value = 45 }
enum S46: PreparedSlotIndex { static let value = 46 }
enum S47: PreparedSlotIndex { static let value = 47 }
enum S48: PreparedSlotIndex { static let value = 48 }
enum S49: PreparedSlotIndex { static let value = 49 }
enum S50: PreparedSlotIndex { static let value = 50 }
enum S51: PreparedSlotIndex { static let value = 51 }
enum S52: PreparedSlotIndex { static let value = 52 }
enum S53: PreparedSlotIndex { static let value = 53 }
enum S54: PreparedSlotIndex { static let value = 54 }
enum S55: PreparedSlotIndex { static let value = 55 }
enum S56: PreparedSlotIndex { static let value = 56 }
enum S57: PreparedSlotIndex { static let value = 57 }
enum S58: PreparedSlotIndex { static let value = 58 }
enum S59: PreparedSlotIndex { static let value = 59 }
enum S60: PreparedSlotIndex { static let value = 60 }
enum S61: PreparedSlotIndex { static let value = 61 }
enum S62: PreparedSlotIndex { static let value = 62 }
enum S63: PreparedSlotIndex { static let value = 63 }
enum S64: PreparedSlotIndex { static let value = 64 }
enum S65: PreparedSlotIndex { static let value = 65 }
enum S66: PreparedSlotIndex { static let value = 66 }
enum S67: PreparedSlotIndex { static let value = 67 }
enum S68: PreparedSlotIndex { static let value = 68 }
enum S69: PreparedSlotIndex { static let value = 69 }
enum S70: PreparedSlotIndex { static let value = 70 }
enum S71: PreparedSlotIndex { static let value = 71 }
enum S72: PreparedSlotIndex { static let value = 72 }
enum S73: PreparedSlotIndex { static let value = 73 }
enum S74: PreparedSlotIndex { static let value = 74 }
enum S75: PreparedSlotIndex { static let value = 75 }
enum S76: PreparedSlotIndex { static let value = 76 }
enum S77: PreparedSlotIndex { static let value = 77 }
enum S78: PreparedSlotIndex { static let value = 78 }
enum S79: PreparedSlotIndex { static let value = 79 }
enum S80: PreparedSlotIndex { static let value = 80 }
enum S81: PreparedSlotIndex { static let value = 81 }
enum S82: PreparedSlotIndex { static let value = 82 }
enum S83: PreparedSlotIndex { static let value = 83 }
enum S84: PreparedSlotIndex { static let value = 84 }
enum S85: PreparedSlotIndex { static let value = 85 }
enum S86: PreparedSlotIndex { static let value = 86 }
enum S87: PreparedSlotIndex { static let value = 87 }
enum S88: PreparedSlotIndex { static let value = 88 }
enum S89: PreparedSlotIndex { static let value = 89 }
enum S90: PreparedSlotIndex { static let value = 90 }
enum S91: PreparedSlotIndex { static let value = 91 }
enum S92: PreparedSlotIndex { static let value = 92 }
enum S93: PreparedSlotIndex { static let value = 93 }
enum S94: PreparedSlotIndex { static let value = 94 }
enum S95: PreparedSlotIndex { static let value = 95 }
enum S96: PreparedSlotIndex { static let value = 96 }
enum S97: PreparedSlotIndex { static let value = 97 }
enum S98: PreparedSlotIndex { static let value = 98 }
enum S99: PreparedSlotIndex { static let value = 99 }
enum S100: PreparedSlotIndex { static let value = 100 }
enum S101: PreparedSlotIndex { static let value = 101 }
enum S102: PreparedSlotIndex { static let value = 102 }
enum S103: PreparedSlotIndex { static let value = 103 }
enum S104: PreparedSlotIndex { static let value = 104 }
enum S105: PreparedSlotIndex { static let value = 105 }
enum S106: PreparedSlotIndex { static let value = 106 }
enum S107: PreparedSlotIndex { static let value = 107 }
enum S108: PreparedSlotIndex { static let value = 108 }
enum S109: PreparedSlotIndex { static let value = 109 }
enum S110: PreparedSlotIndex { static let value = 110 }
enum S111: PreparedSlotIndex { static let value = 111 }
enum S112: PreparedSlotIndex { static let value = 112 }
enum S113: PreparedSlotIndex { static let value = 113 }
enum S114: PreparedSlotIndex { static let value = 114 }
enum S115: PreparedSlotIndex { static let value = 115 }
enum S116: PreparedSlotIndex { static let value = 116 }
enum S117: PreparedSlotIndex { static let value = 117 }
enum S118: PreparedSlotIndex { static let value = 118 }
enum S119: PreparedSlotIndex { static let value = 119 }
enum S120: PreparedSlotIndex { static let value = 120 }
enum S121: PreparedSlotIndex { static let value = 121 }
enum S122: PreparedSlotIndex { static let value = 122 }
enum S123: PreparedSlotIndex { static let value = 123 }
enum S124: PreparedSlotIndex { static let value = 124 }
enum S125: PreparedSlotIndex { static let value = 125 }
enum S126: PreparedSlotIndex { static let value = 126 }
enum S127: PreparedSlotIndex { static let value = 127 }
