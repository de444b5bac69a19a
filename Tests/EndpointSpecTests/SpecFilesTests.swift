import Diagnostics
import EndpointSpec
import Foundation
import Testing
import TestSupport

/// The specs in `Specs/` load, and `Auth.yaml` becomes exactly the model it describes.
@Suite struct SpecFilesTests {
    static let specs = TestEnvironment.repositoryRoot.appendingPathComponent("Specs")

    @Test(arguments: ["Auth.yaml", "Store.yaml"])
    func specLoadsWithoutWarnings(_ name: String) throws {
        let loaded = try SpecLoader.load(path: Self.specs.appendingPathComponent(name).path)
        #expect(loaded.warnings.map(\.description) == [])
    }

    @Test func storeSpecTakesItsSharedModelsFromTheInclude() throws {
        let spec = try SpecLoader.load(path: Self.specs.appendingPathComponent("Store.yaml").path).spec
        #expect(spec.models.prefix(2).map(\.name) == ["Problem", "Page"])
        #expect(spec.models[0].location.file.hasSuffix("Specs/Shared/Common.yaml"))
        let createOrder = spec.endpoints.first { $0.name == "createOrder" }
        #expect(createOrder?.errorModels.map(\.status) == ["409"])
        #expect(createOrder?.errorModels.map(\.type) == [.model("OrderProblem")])
        #expect(createOrder?.errorModel == .model("Problem"))
        #expect(spec.endpoints.first { $0.name == "products" }?.errorModel == .model("Problem"))
    }

    @Test func authSpecBecomesTheModelItDescribes() throws {
        let path = "Specs/Auth.yaml"
        let text = try String(contentsOf: Self.specs.appendingPathComponent("Auth.yaml"), encoding: .utf8)
        let spec = try SpecLoader.load(text: text, path: path) { _ in throw SpecTesting.MissingFile() }.spec
        func at(_ line: Int, _ column: Int) -> Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: path, line: line, column: column) }
        let retry = RetryPolicy(attempts: 2, statuses: [504, 502, 503], failures: [], backoff: .exponential, delay: .milliseconds(500))
        func endpoint(
            _ name: String, _ method: HTTPMethod, _ path: String, _ parts: [TemplatePart], _ parameters: [Parameter] = [],
            body: BodyEncoding? = nil, response: ResponseType, auth: AuthRequirement = .required, retry: RetryPolicy?,
            description: String? = nil, at location: Diagnostics.SourceLocation
        ) -> Endpoint {
            Endpoint(
                name: name, method: method, path: path, pathParts: parts, parameters: parameters, bodyEncoding: body,
                response: response, errorModel: nil, auth: auth, timeout: .seconds(10), retry: retry, query: [], headers: [],
                description: description, deprecated: false, location: location
            )
        }
        let expected = Spec(
            name: "Auth",
            server: Server(scheme: .https, host: "www.apitesting.dev", port: 443, basePath: "/api", location: at(4, 3)),
            version: "1.0",
            variables: [Variable(name: "deviceType", description: "The kind of device the app runs on, e.g. ios", defaultValue: "ios", location: at(10, 3))],
            defaults: Defaults(
                query: [
                    DefaultParameter(name: "version", value: "{version}", parts: [.literal("1.0")], location: at(13, 5)),
                    DefaultParameter(name: "device_type", value: "{deviceType}", parts: [.placeholder("deviceType")], location: at(14, 5)),
                ],
                headers: [DefaultParameter(name: "Accept", value: "application/json", parts: [.literal("application/json")], location: at(16, 5))]
            ),
            auth: Auth(placement: .header, name: "Authorization", scheme: "JWT", defaultRequirement: .required, location: at(18, 3)),
            policy: Policy(
                timeout: .seconds(10), rateLimit: RateLimit(count: 5, per: .seconds(1)), maxConcurrentRequests: 4, retry: retry,
                acceptableContentTypes: ["application/json", "text/json"]
            ),
            errors: ErrorPolicy(messageFields: ["message"], fallback: "Server Error. Please try again later"),
            endpoints: [
                endpoint("tokenCheck", .GET, "/token", [.literal("/token")], response: .type(.model("TokenStatus")), retry: retry, at: at(30, 3)),
                endpoint(
                    "authenticate", .POST, "/authenticate", [.literal("/authenticate")],
                    [
                        Parameter(
                            name: "email", wireName: "email", type: .string, placement: .body, secret: false, defaultValue: nil, description: nil,
                            location: at(39, 7), rules: ParameterRules(minLength: 1)),
                        Parameter(
                            name: "password", wireName: "password", type: .string, placement: .body, secret: true, defaultValue: nil, description: nil,
                            location: at(40, 7), rules: ParameterRules(minLength: 1)),
                    ],
                    body: .json, response: .type(.model("Session")), auth: .none, retry: nil, at: at(34, 3)
                ),
                endpoint(
                    "user", .GET, "/users/{id}", [.literal("/users/"), .placeholder("id")],
                    [
                        Parameter(name: "id", wireName: "id", type: .int, placement: .path, secret: false, defaultValue: nil, description: nil, location: at(45, 7)),
                        Parameter(name: "include", wireName: "include", type: .optional(.array(.string)), placement: .query, secret: false, defaultValue: nil, description: "Related records to embed, e.g. teams.", location: at(46, 7)),
                    ],
                    response: .type(.model("User")), retry: retry, description: "Fetches one user.", at: at(42, 3)
                ),
                endpoint(
                    "deleteUser", .DELETE, "/users/{id}", [.literal("/users/"), .placeholder("id")],
                    [Parameter(name: "id", wireName: "id", type: .int, placement: .path, secret: false, defaultValue: nil, description: nil, location: at(49, 50))],
                    response: .empty, retry: retry, at: at(49, 3)
                ),
            ],
            models: [
                Model(name: "Session", kind: .object([
                    Property(name: "token", wireName: "token", type: .string, defaultValue: nil, description: nil, location: at(52, 5)),
                    Property(name: "expiresAt", wireName: "expires_at", type: .date, defaultValue: nil, description: nil, location: at(53, 5)),
                ]), description: nil, location: at(51, 3)),
                Model(name: "TokenStatus", kind: .object([
                    Property(name: "valid", wireName: "valid", type: .bool, defaultValue: nil, description: nil, location: at(54, 18)),
                    Property(name: "scopes", wireName: "scopes", type: .array(.string), defaultValue: nil, description: nil, location: at(54, 31)),
                ]), description: nil, location: at(54, 3)),
                Model(name: "User", kind: .object([
                    Property(name: "id", wireName: "id", type: .int, defaultValue: nil, description: nil, location: at(56, 5)),
                    Property(name: "name", wireName: "name", type: .string, defaultValue: nil, description: nil, location: at(57, 5)),
                    Property(name: "role", wireName: "role", type: .model("Role"), defaultValue: .string("member"), description: nil, location: at(58, 5)),
                    Property(name: "bio", wireName: "bio", type: .optional(.string), defaultValue: nil, description: nil, location: at(59, 5)),
                ]), description: nil, location: at(55, 3)),
                Model(name: "Role", kind: .enumeration([
                    EnumCase(value: "admin", location: at(61, 12)),
                    EnumCase(value: "member", location: at(61, 19)),
                    EnumCase(value: "guest", location: at(61, 27)),
                ]), description: nil, location: at(60, 3)),
            ],
            location: at(2, 1)
        )
        #expect(spec.server == expected.server)
        #expect(spec.defaults == expected.defaults)
        #expect(spec.policy == expected.policy)
        for (actual, wanted) in zip(spec.endpoints, expected.endpoints) {
            #expect(actual == wanted)
        }
        for (actual, wanted) in zip(spec.models, expected.models) {
            #expect(actual == wanted)
        }
        #expect(spec == expected)
    }
}
