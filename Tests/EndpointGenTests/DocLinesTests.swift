@testable import EndpointGenCore
import Testing

/// Doc comment lines of free text: the byte path for ASCII text agrees with the `Character` path for any other.
@Suite struct DocLinesTests {
    @Test func linesSplitOnEveryKindOfBreakAndLoseTrailingBlanks() {
        #expect(SwiftLiteral.docLines("a  \r\nb\rc\n\nd \n\n") == ["a", "b", "c", "", "d"])
        #expect(SwiftLiteral.docLines("\n\r\n*/ x") == ["", "", "*/ x"])
        #expect(SwiftLiteral.docLines("tab\there") == ["tabU+9here"])
        #expect(SwiftLiteral.docLines("") == [] && SwiftLiteral.docLines(nil) == [])
    }

    @Test(arguments: ["a  \r\nb\rc\n\nd \n\n", "x\n\r\n\ry", "  lead and trail  ", "one", "end\r", "\r\n\r\n"])
    func asciiTextGivesWhatTheGeneralPathGives(text: String) {
        // A leading `é` sends the text down the general path; it only adds itself to the first line.
        var general = SwiftLiteral.docLines("é" + text)
        if general.first == "é" { general[0] = "" } else if !general.isEmpty { general[0].removeFirst() }
        while general.last?.isEmpty == true { general.removeLast() }
        #expect(SwiftLiteral.docLines(text) == general)
    }
}
