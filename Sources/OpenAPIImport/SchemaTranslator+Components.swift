import EndpointSpec
import Foundation
import YAML

extension SchemaTranslator {
    /// The types of every schema under `components/schemas`, each built as a model when it is one (named after its key):
    /// what a document without `paths` (OpenAPI 3.1, a document of shared types) has to give.
    func componentSchemaTypes(_ root: DocumentNode) -> [TypeRef] {
        (root["components"]?["schemas"]?.members ?? []).compactMap { member in
            let pointer = "#/components/schemas/" + member.key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            let reference = YAMLNode(.mapping([YAMLPair(key: YAMLNode(.scalar(YAMLScalar("$ref")), location: member.location),
                                                        value: YAMLNode(.scalar(YAMLScalar(pointer)), location: member.location))]),
                                     location: member.location)
            return type(DocumentNode(node: reference, file: root.file), name: member.key).typeRef
        }
    }
}
