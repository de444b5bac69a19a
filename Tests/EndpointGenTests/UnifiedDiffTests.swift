@testable import EndpointGenCore
import Testing

/// `check`'s diffs: `diff -u`'s format, hunks with three lines of context, cut after a bound.
@Suite struct UnifiedDiffTests {
    func diff(_ old: String, _ new: String, maxLines: Int = 40, maxCells: Int = 4_000_000) -> String {
        UnifiedDiff.lines(old: old, new: new, oldLabel: "a", newLabel: "b", maxLines: maxLines, maxCells: maxCells).joined(separator: "\n")
    }

    static let ten = (1...10).map { "line \($0)\n" }.joined()

    @Test func equalTextsHaveNoDiff() {
        #expect(diff(Self.ten, Self.ten) == "")
    }

    @Test func aChangedLineHasThreeLinesOfContextEachSide() {
        #expect(diff(Self.ten, Self.ten.replacingOccurrences(of: "line 5\n", with: "line five\n")) == """
            --- a
            +++ b
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
            """)
    }

    @Test func changesFarApartAreSeparateHunksAndCloseOnesMerge() {
        let lines = (1...20).map { "l\($0)" }
        var changed = lines
        changed[1] = "L2"
        changed[17] = "L18"
        #expect(diff(lines.joined(separator: "\n") + "\n", changed.joined(separator: "\n") + "\n") == """
            --- a
            +++ b
            @@ -1,5 +1,5 @@
             l1
            -l2
            +L2
             l3
             l4
             l5
            @@ -15,6 +15,6 @@
             l15
             l16
             l17
            -l18
            +L18
             l19
             l20
            """)
        changed = lines
        changed[4] = "L5"
        changed[9] = "L10"
        #expect(diff(lines.joined(separator: "\n") + "\n", changed.joined(separator: "\n") + "\n").components(separatedBy: "@@").count == 3)
    }

    @Test func aNewFileIsAllAdditionsAndAnEmptySideIsNumberedZero() {
        #expect(diff("", "one\ntwo\n") == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+one\n+two")
        #expect(diff("one\ntwo\n", "") == "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-one\n-two")
    }

    @Test func aLongDiffIsCutAndSaysHowManyChangedLinesAreLeftOut() {
        let old = (1...100).map { "old \($0)\n" }.joined()
        let new = (1...100).map { "new \($0)\n" }.joined()
        let lines = UnifiedDiff.lines(old: old, new: new, oldLabel: "a", newLabel: "b", maxLines: 10)
        // The labels, the hunk header, nine removed lines; 91 removed and 100 added lines are left out.
        #expect(lines.count == 2 + 10 + 1)
        #expect(lines[2] == "@@ -1,100 +1,100 @@")
        #expect(lines[11] == "-old 9")
        #expect(lines.last == "… 191 more changed lines not shown")
    }

    /// Past the bound on compared line pairs, the middle is shown as removed then added: longer, still correct.
    @Test func veryDifferentLargeTextsFallBackToRemovedThenAdded() {
        let old = "same\na\nb\nc\nsame\n", new = "same\nb\nc\nd\nsame\n"
        #expect(diff(old, new) == "--- a\n+++ b\n@@ -1,5 +1,5 @@\n same\n-a\n b\n c\n+d\n same")
        #expect(diff(old, new, maxCells: 8) == "--- a\n+++ b\n@@ -1,5 +1,5 @@\n same\n-a\n-b\n-c\n+b\n+c\n+d\n same")
    }
}
