import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import PetAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client the build tool plugin generated from Sources/PetAPI/Pets.endpoints.yaml, called through the
/// stub transport.
@Suite struct PetsClientTests {
    let transport = StubTransport()
    var client: PetsClient { PetsClient(transport: transport) }

    @Test func petsGetsTheListWithTheLimitAndDecodesIt() async throws {
        transport.enqueue(.json(#"[{"id": 1, "name": "Tom", "kind": "cat"}, {"id": 2, "name": "Rex", "kind": "dog"}]"#))
        let pets = try await client.pets(limit: 2)
        #expect(pets == [Pet(id: 1, name: "Tom", kind: .cat), Pet(id: 2, name: "Rex", kind: .dog)])
        let request = try #require(transport.requests.first)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "https://pets.example.com/v1/pets?limit=2")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func addPetPostsJSON() async throws {
        transport.enqueue(.json(#"{"id": 3, "name": "Nemo", "kind": "fish"}"#, status: 201))
        let pet = try await client.addPet(name: "Nemo", kind: .fish)
        #expect(pet == Pet(id: 3, name: "Nemo", kind: .fish))
        let request = try #require(transport.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/v1/pets")
        let body = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: String]
        #expect(body == ["name": "Nemo", "kind": "fish"])
    }

    @Test func aServerErrorCarriesTheMessageOfTheSpecsMessageField() async throws {
        let problem = #"{"code": 404, "message": "no pet 9"}"#
        transport.enqueue(.json(problem, status: 404))
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 404, message: "no pet 9", body: Data(problem.utf8))) {
            try await client.pet(id: 9)
        }
    }

    @Test func handWrittenCodeExtendsTheGeneratedClient() async throws {
        transport.enqueue(.json(#"[{"id": 2, "name": "Rex", "kind": "dog"}, {"id": 1, "name": "Ann", "kind": "cat"}]"#))
        #expect(try await client.petNames() == ["Ann", "Rex"])
        #expect(transport.requests.first?.url?.absoluteString == "https://pets.example.com/v1/pets")
    }

    @Test func theIncludedModelIsGeneratedToo() throws {
        let problem = try JSONDecoder().decode(Problem.self, from: Data(#"{"code": 1, "message": "m"}"#.utf8))
        #expect(problem == Problem(code: 1, message: "m"))
    }
}
