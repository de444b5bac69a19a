import Diagnostics

/// A libyaml parse event in Swift terms, so the tree builder never touches C types.
enum YAMLEvent {
    case documentStart
    case documentEnd
    case alias(anchor: String, location: SourceLocation)
    case scalar(YAMLScalar, anchor: String?, tag: String?, location: SourceLocation)
    case sequenceStart(anchor: String?, tag: String?, location: SourceLocation)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?, location: SourceLocation)
    case mappingEnd
}
