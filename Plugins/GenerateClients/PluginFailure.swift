/// A failure of the plugin itself, shown by SwiftPM as `error: <message>`.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
