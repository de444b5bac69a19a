import Diagnostics
import EndpointSpec
import OpenAPIImport
import Testing
import TestSupport

/// Kubernetes publishes a document per API group, each titled Kubernetes: several documents of one API made one
/// client (issue #34's proof). The apps document of `../shared` comes from another Kubernetes release than the core, batch
/// and authorization ones, typing some shared members as strings where the others have enumerations, `IntOrString` or
/// `Quantity`: the merged client has the type that holds both, each a located warning.
@Suite(.enabled(
    if: TestEnvironment.canRun(needingTestdata: "openapi"),
    "needs ../shared/testdata/openapi (k8s-apps-v1.json, k8s-core-v1.json, k8s-batch-v1.json, k8s-authorization-v1.json); set ENDPOINTGEN_TESTDATA"))
struct KubernetesMergeTests {
    static func documents(_ groups: [String]) throws -> [(path: String, spec: Spec)] {
        try groups.map { group in
            let path = RealDocumentTests.path("k8s-\(group)-v1.json")
            return (path, try OpenAPIImporter.load(path: path).spec)
        }
    }

    @Test func theFourGroupDocumentsMakeOneClientThatCompilesWithoutWarnings() throws {
        let documents = try Self.documents(["apps", "core", "batch", "authorization"])
        let (merged, diagnostics) = mergeSpecs(documents)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(merged.name == "Kubernetes")
        let names = Set(merged.endpoints.map(\.name))
        for name in ["listAppsV1NamespacedDeployment", "listCoreV1NamespacedPod", "readBatchV1NamespacedJob", "createAuthorizationV1SelfSubjectAccessReview"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(merged.models.filter { $0.name == "IoK8sApimachineryPkgApisMetaV1Status" }.count == 1)
        // The error body (Status) is one model, and the error policy the documents share is kept once.
        #expect(documents.allSatisfy { $0.spec.errors == merged.errors })
        // authorization's ObjectMeta has no clusterName, core's has: the union keeps it.
        guard case .object(let members)? = merged.model(named: "IoK8sApimachineryPkgApisMetaV1ObjectMeta")?.kind else {
            Issue.record("no ObjectMeta")
            return
        }
        #expect(members.contains { $0.name == "clusterName" })
        let result = try ClientCompiler.compile(merged, specPath: RealDocumentTests.path("k8s-core-v1.json"))
        #expect(result.status == 0)
        #expect(result.output == "")
    }

    @Test func membersTheAppsDocumentTypesOtherwiseGetTheTypeHoldingBoth() throws {
        let documents = try Self.documents(["apps", "core"])
        let (merged, diagnostics) = mergeSpecs(documents)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        func member(_ name: String, of model: String) -> Property? {
            guard case .object(let members)? = merged.model(named: model)?.kind else { return nil }
            return members.first { $0.name == name }
        }
        // apps: a string; core: an open enumeration, which holds any string.
        #expect(member("imagePullPolicy", of: "IoK8sApiCoreV1Container")?.type == .optional(.model("IoK8sApiCoreV1ContainerImagePullPolicy")))
        // apps: IntOrString (an integer or a string); core: a string.
        #expect(member("port", of: "IoK8sApiCoreV1HTTPGetAction")?.type == .model("IoK8sApimachineryPkgUtilIntstrIntOrString"))
        // core's TypedLocalObjectReference has no namespace: apps' TypedObjectReference holds both.
        #expect(member("dataSourceRef", of: "IoK8sApiCoreV1PersistentVolumeClaimSpec")?.type == .optional(.model("IoK8sApiCoreV1TypedObjectReference")))
        let port = try #require(diagnostics.first { $0.message.hasPrefix("member 'port' of model 'IoK8sApiCoreV1HTTPGetAction'") })
        #expect(port.location?.file.hasSuffix("k8s-core-v1.json") == true)
        #expect(port.notes.first?.location?.file.hasSuffix("k8s-apps-v1.json") == true)
    }
}
