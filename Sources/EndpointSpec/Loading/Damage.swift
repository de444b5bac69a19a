import YAML

/// What failed to decode in one load, so that checks depending on it stay silent: an error that only follows from
/// one already reported (a knock-on) is not reported again.
///
/// For example a misspelt `parms:` leaves the endpoint's parameters unknown, so its path's `{id}` is not reported as
/// undeclared; `auth: bearer` leaves the auth section broken, so no endpoint is told the spec has none; a model
/// mentioned only inside a part that did not decode is not reported as never used.
///
/// A class so that the decoder's helpers record from anywhere, like `DiagnosticSink`.
final class Damage {
    /// A default value to check once every model is decoded (a property's enum may be declared after it).
    struct PendingDefault {
        var node: YAMLNode
        var type: TypeRef
        /// Names the value's owner, e.g. `property 'role' of model 'User'`.
        var context: String
    }

    /// Words (names, placeholders) written in parts that did not decode: the models and variables they may
    /// have used are not reported as unused.
    private(set) var mentioned: Set<String> = []
    /// An include could not be read or parsed: its models are unknown, so an unknown type is not an error.
    var includesIncomplete = false
    /// Models that are declared but did not decode (or only in part, such as an enum with a bad case): checks that
    /// need their content (a default's case, a discriminator's object) skip them.
    var brokenModels: Set<String> = []
    /// The `auth` section is there but did not decode: endpoints asking for auth are not told the spec has none.
    var authBroken = false
    /// Variables declared under a name that is refused, and whether `variables` itself did not decode: templates
    /// using them are not told the variable is undeclared.
    var brokenVariables: Set<String> = []
    var variablesUnknown = false
    /// `version` is there but did not decode: `{version}` is not reported as missing.
    var versionBroken = false
    /// `endpoints` is missing or did not decode: no model is reported as never used.
    var endpointsUnknown = false
    /// Defaults to check against their types in `SpecChecks`.
    var pendingDefaults: [PendingDefault] = []
    /// The `sameAs` value of each model that has one, by model name: resolved once every model is decoded.
    var pendingSameAs: [String: YAMLNode] = [:]

    /// Records the words of every scalar in `node` (keys and values, at any depth).
    func mention(_ node: YAMLNode) {
        switch node.content {
        case .scalar(let scalar): mention(scalar.text)
        case .sequence(let items): items.forEach(mention)
        case .mapping(let pairs):
            for pair in pairs {
                mention(pair.key)
                mention(pair.value)
            }
        }
    }

    /// Records the words of `text`: runs of letters, digits, `_`, `-` and `.` (a model or variable name).
    func mention(_ text: String) {
        var word = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                mentioned.insert(word)
                word = ""
            }
        }
        if !word.isEmpty { mentioned.insert(word) }
    }
}
