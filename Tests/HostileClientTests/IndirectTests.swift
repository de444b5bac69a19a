import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// The models of `Variants.yaml` that hold themselves (`Comment.parent: Comment?`) or each other (`Node.edge: Edge?`,
/// `Edge.to: Node`): the generator stores those properties out of line (`@Indirect`), so every property is kept, and
/// they decode, encode, compare and copy as any property does.
@Suite(.timeLimit(.minutes(2))) struct IndirectTests {
    @Test func aModelThatHoldsItselfKeepsThatPropertyAndDecodesEveryLevel() async throws {
        let transport = StubTransport()
        transport.enqueue(.json(#"{"text": "c", "parent": {"text": "b", "parent": {"text": "a"}}, "replies": [{"text": "d"}]}"#))
        let comment = try await VariantsClient(transport: transport).thread()
        #expect(comment.text == "c")
        #expect(comment.parent?.text == "b")
        #expect(comment.parent?.parent?.text == "a")
        #expect(comment.parent?.parent?.parent == nil)
        #expect(comment.replies == [Comment(text: "d")])
        // `Reply` is `sameAs: Comment`: another name for the same type.
        let reply: Reply = Comment(text: "d")
        #expect(comment.replies?.first == reply)
    }

    @Test func itEncodesBackToTheSameJSONAndLeavesOutWhatIsNil() throws {
        let comment = Comment(text: "c", parent: Comment(text: "b", parent: Comment(text: "a")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(comment), as: UTF8.self)
        #expect(json == #"{"parent":{"parent":{"text":"a"},"text":"b"},"text":"c"}"#)
        #expect(try JSONDecoder().decode(Comment.self, from: Data(json.utf8)) == comment)
    }

    @Test func equalityAndHashingAreByValueAndCopiesAreIndependent() {
        let original = Comment(text: "c", parent: Comment(text: "b"))
        var copy = original
        #expect(copy == original && copy.hashValue == original.hashValue)
        copy.parent?.text = "changed"
        #expect(copy.parent?.text == "changed")
        #expect(original.parent?.text == "b", "a copy shares the box but a write replaces it")
        #expect(copy != original)
        #expect(Comment(text: "c", parent: Comment(text: "b")) == original, "two boxes holding equal values are equal")
    }

    @Test func twoModelsThatHoldEachOtherDecodeAsACycleOfAnyDepth() throws {
        let json = #"{"name": "a", "edge": {"weight": 1, "to": {"name": "b", "edge": {"weight": 2, "to": {"name": "c"}}}}}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(json.utf8))
        #expect(node.edge?.to.edge?.to.name == "c")
        #expect(node.edge?.to.edge?.weight == 2)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
    }
}
