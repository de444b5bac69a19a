public import YAML

/// Bounds that keep a hostile spec (a user's, or one made from a server's OpenAPI document) from exhausting
/// the generator; each one exceeded is a located error.
public struct SpecLimits: Hashable, Sendable {
    /// Size, nesting depth and alias expansion of each file.
    public var yaml: YAMLLimits
    /// The most files a spec may include, directly or through other includes.
    public var maxIncludedFiles: Int
    /// The longest chain of includes (a file including a file including ...).
    public var maxIncludeDepth: Int
    /// The most endpoints a spec may declare.
    public var maxEndpoints: Int
    /// The most models a spec and its includes may declare together.
    public var maxModels: Int
    /// The longest name (of the API, an endpoint, model, field, parameter, header, variable or enum case), in characters.
    public var maxNameLength: Int
    /// The most errors a load reports; past them it stops with "too many errors", as compilers do.
    public var maxErrors: Int

    /// Creates limits; the defaults are far above any real API (the largest public ones have a few thousand operations).
    public init(
        yaml: YAMLLimits = YAMLLimits(maxBytes: 32 << 20), maxIncludedFiles: Int = 256, maxIncludeDepth: Int = 16,
        maxEndpoints: Int = 20_000, maxModels: Int = 20_000, maxNameLength: Int = 256, maxErrors: Int = 100
    ) {
        self.yaml = yaml
        self.maxIncludedFiles = maxIncludedFiles
        self.maxIncludeDepth = maxIncludeDepth
        self.maxEndpoints = maxEndpoints
        self.maxModels = maxModels
        self.maxNameLength = maxNameLength
        self.maxErrors = maxErrors
    }

    /// The limits `SpecLoader` applies unless told otherwise.
    public static let `default` = SpecLimits()
}
