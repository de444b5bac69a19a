import Foundation

/// The templates `endpointgen` renders unless `--templates` replaces them: the `*.mustache` files beside
/// this one, shipped as resources so the executable works from any folder.
public enum DefaultTemplates {
    /// The folder holding the default `*.mustache` files.
    public static var directory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }
}
