import Diagnostics
import EndpointSpec
import OpenAPIImport
import Testing
import TestSupport

/// Kubernetes publishes a document per API group, each titled Kubernetes: several documents of one API made one
/// client (issue #34's proof). The core, batch and authorization documents make one client that compiles; the apps
/// document of `../shared` comes from an older Kubernetes whose shared models have other member types, which is a
/// located error rather than a client that decodes one version wrongly.
@Suite(.enabled(
    if: TestEnvironment.canRun(needingTestdata: "openapi"),
    "needs ../shared/testdata/openapi (k8s-core-v1.json, k8s-batch-v1.json, k8s-authorization-v1.json); set ENDPOINTGEN_TESTDATA"))
struct KubernetesMergeTests {
    static func documents(_ groups: [String]) throws -> [(path: String, spec: Spec)] {
        try groups.map { group in
            let path = RealDocumentTests.path("k8s-\(group)-v1.json")
            return (path, try OpenAPIImporter.load(path: path).spec)
        }
    }

    @Test func threeGroupDocumentsMakeOneClientThatCompilesWithoutWarnings() throws {
        let documents = try Self.documents(["core", "batch", "authorization"])
        let (merged, diagnostics) = mergeSpecs(documents)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(merged.name == "Kubernetes")
        let names = Set(merged.endpoints.map(\.name))
        for name in ["listCoreV1NamespacedPod", "readBatchV1NamespacedJob", "createAuthorizationV1SelfSubjectAccessReview"] {
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

    @Test func theOlderAppsDocumentIsALocatedErrorAtEachModelItTypesOtherwise() throws {
        let (_, diagnostics) = mergeSpecs(try Self.documents(["apps", "core"]))
        let errors = diagnostics.filter { $0.severity == .error }
        let claim = try #require(errors.first { $0.message.hasPrefix("model 'IoK8sApiCoreV1PersistentVolumeClaimSpec'") })
        #expect(claim.message.contains("member 'dataSourceRef' differs: IoK8sApiCoreV1TypedLocalObjectReference? here, IoK8sApiCoreV1TypedObjectReference? there"))
        #expect(claim.location?.file.hasSuffix("k8s-core-v1.json") == true)
        #expect(claim.notes.first?.location?.file.hasSuffix("k8s-apps-v1.json") == true)
    }
}
