@_spi(Generated) import EndpointRuntime
import Foundation
import Testing

/// What generated models write and read with: `NullMembers` keeps a missing key, `null` and a value apart, a required
/// nullable key is always sent, and UUIDs go out in lower case. The model is written as the generator writes one.
@Suite(.timeLimit(.minutes(2))) struct NullableTests {
    struct Patch: Codable, Hashable {
        var nickname: String?
        var closedAt: Int?
        var id: UUID?
        var ids: [UUID]
        var owners: [String: UUID]
        var parent: UUID?
        var nulls = NullMembers()

        init(nickname: String? = nil, closedAt: Int? = nil, id: UUID? = nil, ids: [UUID] = [], owners: [String: UUID] = [:], parent: UUID? = nil) {
            self.nickname = nickname
            self.closedAt = closedAt
            self.id = id
            self.ids = ids
            self.owners = owners
            self.parent = parent
        }

        init(from decoder: any Decoder) throws {
            var fields = try ModelDecoding(decoder)
            self.nickname = try fields.decodeNullable("nickname")
            self.closedAt = try fields.decodeIfPresent("closedAt")
            self.id = try fields.decodeIfPresent("id")
            self.ids = try fields.decode("ids")
            self.owners = try fields.decode("owners")
            self.parent = try fields.decodeNullable("parent")
            self.nulls = fields.nulls
        }

        func encode(to encoder: any Encoder) throws {
            var fields = ModelEncoding(encoder)
            try fields.encodeIfPresent(self.nickname, "nickname", nulls: self.nulls)
            try fields.encodeOrNull(self.closedAt, "closedAt")
            try fields.encodeIfPresent(self.id, "id")
            try fields.encode(self.ids, "ids")
            try fields.encode(self.owners, "owners")
            try fields.encodeIfPresent(self.parent, "parent", nulls: self.nulls)
        }
    }

    func json(_ patch: Patch) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(patch), as: UTF8.self)
    }

    func roundTrip(_ text: String) throws -> String {
        try json(JSONDecoder().decode(Patch.self, from: Data(text.utf8)))
    }

    @Test func aMissingKeyNullAndAValueEncodeBackAsTheyCame() throws {
        #expect(try roundTrip(#"{"closedAt":null,"ids":[],"owners":{}}"#) == #"{"closedAt":null,"ids":[],"owners":{}}"#)
        #expect(try roundTrip(#"{"closedAt":3,"ids":[],"nickname":null,"owners":{}}"#) == #"{"closedAt":3,"ids":[],"nickname":null,"owners":{}}"#)
        #expect(try roundTrip(#"{"closedAt":null,"ids":[],"nickname":"Ann","owners":{}}"#) == #"{"closedAt":null,"ids":[],"nickname":"Ann","owners":{}}"#)
    }

    @Test func nullsTellsTheThreeApartAndSendsNull() throws {
        let decoded = try JSONDecoder().decode(Patch.self, from: Data(#"{"nickname":null,"ids":[],"owners":{}}"#.utf8))
        #expect(decoded.nulls == ["nickname"])
        #expect(decoded.nickname == nil)
        #expect(try JSONDecoder().decode(Patch.self, from: Data(#"{"ids":[],"owners":{}}"#.utf8)).nulls.isEmpty)
        var patch = Patch(nickname: "Ann")
        #expect(patch.nulls.isEmpty)
        patch.nulls.insert("parent")
        #expect(try json(patch) == #"{"closedAt":null,"ids":[],"nickname":"Ann","owners":{},"parent":null}"#)
        patch.nulls.insert("nickname")  // a value is sent whatever nulls holds
        #expect(try json(patch) == #"{"closedAt":null,"ids":[],"nickname":"Ann","owners":{},"parent":null}"#)
        patch.nickname = nil
        #expect(try json(patch) == #"{"closedAt":null,"ids":[],"nickname":null,"owners":{},"parent":null}"#)
        patch.nulls.remove("nickname")
        patch.nulls.remove("parent")
        #expect(try json(patch) == #"{"closedAt":null,"ids":[],"owners":{}}"#)
        #expect(Patch(nickname: "a") != Patch(nickname: nil))
        var null = Patch()
        null.nulls = ["nickname"]
        #expect(null != Patch())
    }

    @Test func uuidsAreWrittenInLowerCase() throws {
        let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        var patch = Patch(id: id, ids: [id], owners: ["a": id], parent: id)
        let lower = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
        #expect(try json(patch) == #"{"closedAt":null,"id":"\#(lower)","ids":["\#(lower)"],"owners":{"a":"\#(lower)"},"parent":"\#(lower)"}"#)
        patch.parent = nil
        patch.nulls.insert("parent")
        #expect(try json(patch).hasSuffix(#""parent":null}"#))
        #expect(try JSONDecoder().decode(Patch.self, from: JSONEncoder().encode(patch)).id == id)
    }

    @Test func aUUIDBodyIsWrittenInLowerCaseToo() throws {
        let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        let coder = JSONBodyCoder()
        #expect(String(decoding: try coder.encode(id), as: UTF8.self) == #""6f9619ff-8b86-d011-b42d-00c04fc964ff""#)
        #expect(String(decoding: try coder.encode([id]), as: UTF8.self) == #"["6f9619ff-8b86-d011-b42d-00c04fc964ff"]"#)
        #expect(String(decoding: try coder.encode(["a": id]), as: UTF8.self) == #"{"a":"6f9619ff-8b86-d011-b42d-00c04fc964ff"}"#)
    }
}
