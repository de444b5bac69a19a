import Diagnostics
import Testing

@Suite struct SourceLineCacheTests {
    @Test func readsEachFileOnceWhateverItsLines() {
        var cache = SourceLineCache()
        var reads: [String] = []
        let read = { (path: String) -> String? in
            reads.append(path)
            return path == "a.yaml" ? "one\ntwo\r\nthree" : "only"
        }
        #expect(cache.line(2, of: "a.yaml", reading: read) == "two")
        #expect(cache.line(3, of: "a.yaml", reading: read) == "three")
        #expect(cache.line(1, of: "b.yaml", reading: read) == "only")
        #expect(cache.line(4, of: "a.yaml", reading: read) == nil)
        #expect(reads == ["a.yaml", "b.yaml"])
    }

    /// The loader registers an include's text only once it has read it; a diagnostic pointing there earlier must
    /// not leave the file unquotable for good.
    @Test func aTextThatIsNotThereYetIsAskedForAgain() {
        var cache = SourceLineCache()
        #expect(cache.line(1, of: "a.yaml") { _ in nil } == nil)
        #expect(cache.line(1, of: "a.yaml") { _ in "now here" } == "now here")
    }
}
