internal import CYAML
import Diagnostics

/// Owns a libyaml parser and turns its events into `YAMLEvent`s.
///
/// The only file that speaks C: libyaml's 0-based marks become 1-based locations here.
final class EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let source: SourceFile

    private init(source: SourceFile) {
        self.source = source
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// Reads every event of `bytes`, calling `handle` for each until the stream ends or an error.
    static func read(_ bytes: [UInt8], source: SourceFile, handle: (YAMLEvent) throws(DiagnosticError) -> Void) throws(DiagnosticError) {
        let reader = EventReader(source: source)
        // An empty array may have no storage; libyaml wants a real pointer even for 0 bytes.
        let input = bytes.isEmpty ? [0] : bytes
        try input.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(DiagnosticError) in
            // libyaml reads from the pointer for the parser's whole life, which ends inside this closure.
            yaml_parser_set_input_string(reader.parser, buffer.baseAddress, bytes.count)
            yaml_parser_set_encoding(reader.parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(reader.parser, &event) == 1 else { throw reader.parseError(bytes: buffer) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return }
                if let converted = reader.convert(event) { try handle(converted) }
            }
        }
    }

    private func convert(_ event: yaml_event_t) -> YAMLEvent? {
        let location = self.location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "", location: location)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = data.value.map { pointer in
                String(decoding: UnsafeBufferPointer(start: pointer, count: data.length), as: UTF8.self)
            } ?? ""
            let scalar = YAMLScalar(text, style: style(data.style))
            return .scalar(scalar, anchor: string(data.anchor), tag: string(data.tag), location: location)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .sequenceStart(anchor: string(data.anchor), tag: string(data.tag), location: location)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .mappingStart(anchor: string(data.anchor), tag: string(data.tag), location: location)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            return nil  // stream start, and YAML_NO_EVENT
        }
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        source.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// libyaml's problem and context as one located diagnostic, placed and explained by `SyntaxHints` when one fits.
    private func parseError(bytes: UnsafeBufferPointer<UInt8>) -> DiagnosticError {
        let parser = self.parser.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = parser.context.map { String(cString: $0) }
        var message = problem
        if let context { message += " \(context)" }
        let (line, column): (Int, Int)
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry only a byte offset; find its line and column ourselves.
            (line, column) = Self.lineAndColumn(ofByte: parser.problem_offset, in: bytes)
            message = "invalid input: \(problem)"
            if parser.problem_offset < bytes.count {
                message += ": byte \(SourceText.hex(bytes[parser.problem_offset])) at offset \(parser.problem_offset)"
            }
        } else {
            let hintMark = { (mark: yaml_mark_t) in SyntaxHints.Mark(index: mark.index, line: Int(mark.line), column: Int(mark.column)) }
            if let hint = SyntaxHints(source: source, bytes: bytes).hint(
                problem: problem, context: context, problemMark: hintMark(parser.problem_mark), contextMark: hintMark(parser.context_mark))
            {
                var diagnostic = source.diagnostic(.error, hint.message, line: hint.line, column: hint.column)
                diagnostic.width = hint.width
                diagnostic.notes = hint.notes
                return DiagnosticError(diagnostic)
            }
            var mark = parser.problem_mark
            if mark.index >= bytes.count, context != nil {
                // At the end of input there is nothing to show; where the unfinished token began is more useful.
                mark = parser.context_mark
            } else if Self.isIndentingTab(at: mark.index, column: mark.column, in: bytes) {
                message = "found a tab character where indentation is expected; YAML indents with spaces only"
            }
            (line, column) = (Int(mark.line) + 1, Int(mark.column) + 1)
        }
        return DiagnosticError(source.diagnostic(.error, message, line: line, column: column))
    }

    /// True when the byte at `index` is a tab with nothing but spaces before it on its line.
    private static func isIndentingTab(at index: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < bytes.count, column <= index, bytes[index] == UInt8(ascii: "\t") else { return false }
        return bytes[(index - column)..<index].allSatisfy { $0 == UInt8(ascii: " ") }
    }

    private static func lineAndColumn(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
