import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import StoreAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generated `StoreClient` (from Specs/Store.yaml, which uses every feature of the spec format):
/// bodies of each encoding, templated headers, per-endpoint policy and the completion-handler variants.
@Suite(.timeLimit(.minutes(2))) struct StoreClientTests {
    let transport = StubTransport()
    let client: StoreClient

    init() {
        var configuration = StoreClient.defaultConfiguration
        configuration.variables = ["deviceType": "ios", "locale": "en_GB", "appBuild": "42"]
        client = StoreClient(configuration: configuration, transport: transport, tokenProvider: ClosureTokenProvider(token: { "s3" }))
    }

    /// The spec's `totalTimeout` and retry conditions (`on: [429, 503, connection]`) reach the configuration.
    @Test func policyCarriesTheOverallTimeoutAndTheRetryConditions() {
        let configuration = StoreClient.defaultConfiguration
        #expect(configuration.totalTimeout == .seconds(45))
        #expect(configuration.timeout == .seconds(15))
        #expect(configuration.retry.statuses == [429, 503])
        #expect(configuration.retry.failures == [.connection])
    }

    private let order = #"{"id": 7, "items": [{"product_id": "6F9619FF-8B86-D011-B42D-00C04FC964FF"}], "status": "paid"}"#

    @Test func defaultsAndTemplatedHeadersUseTheVariables() async throws {
        transport.enqueue(.json(order))
        let item = OrderItem(productID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)
        let created = try await client.createOrder(items: [item], note: "gift", coupon: "X1")
        #expect(created.items == [item])  // quantity's default applied
        let request = try #require(transport.requests.first)
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "Store/2.3 (ios; build 42)")
        #expect(request.value(forHTTPHeaderField: "Idempotency-Key") == "ios-order")
        #expect(request.value(forHTTPHeaderField: "X-Session") == "Bearer s3")
        let query = request.url?.query ?? ""
        #expect(query.contains("api_version=2.3") && query.contains("locale=en_GB") && query.contains("coupon=X1"))
        let data = try #require(request.httpBody)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(body["note"] as? String == "gift")
        #expect(body["coupon"] == nil)  // `in: query`
    }

    @Test func errorBodiesDecodeIntoTheModelTheSpecNames() async throws {
        let problem = #"{"problem": {"code": 409, "message": "sold out"}, "out_of_stock": ["6F9619FF-8B86-D011-B42D-00C04FC964FF"]}"#
        transport.enqueue(.json(problem, status: 409), .json(#"{"code": 404, "message": "no such product"}"#, status: 404))
        let item = OrderItem(productID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)
        await #expect {
            _ = try await client.createOrder(items: [item], note: nil, coupon: nil)
        } throws: { error in
            // `createOrder` names `error: OrderProblem`; the spec's `errors.model` is `Problem`.
            let refused = client.errorBody(of: error as! EndpointError, as: OrderProblem.self)
            return refused == OrderProblem(problem: Problem(code: 409, message: "sold out"), outOfStock: [item.productID])
        }
        await #expect {
            _ = try await client.product(productID: item.productID, currency: "EUR")
        } throws: { error in
            client.errorBody(of: error as! EndpointError, as: Problem.self) == Problem(code: 404, message: "no such product")
                && client.errorBody(of: error as! EndpointError, as: OrderProblem.self) == nil
        }
        #expect(client.errorBody(of: .timeout, as: Problem.self) == nil)
    }

    @Test func errorBodiesDecodeIntoTheTypeTheirStatusDocuments() async throws {
        // `createOrder` names `error: { 409: OrderProblem }`; every other status is the spec's `errors.model`, `Problem`.
        let conflict = #"{"problem": {"code": 409, "message": "sold out"}, "out_of_stock": []}"#
        let refused = #"{"code": 400, "message": "no items"}"#
        transport.enqueue(.json(conflict, status: 409), .json(refused, status: 400), .json(conflict, status: 400))
        var bodies: [StoreEndpoints.CreateOrderErrorBody?] = []
        for _ in 0..<3 {
            do {
                _ = try await client.createOrder(items: [], note: nil, coupon: nil)
                Issue.record("an error status was taken for success")
            } catch {
                bodies.append(client.createOrderErrorBody(of: error))
            }
        }
        guard case .conflict(let problem) = bodies[0] else { Issue.record("409 gave \(String(describing: bodies[0]))"); return }
        #expect(problem == OrderProblem(problem: Problem(code: 409, message: "sold out"), outOfStock: []))
        guard case .other(let other) = bodies[1] else { Issue.record("400 gave \(String(describing: bodies[1]))"); return }
        #expect(other == Problem(code: 400, message: "no items"))
        // A 400 whose body is no `Problem` (a 409's shape) is not decoded as the 409's type.
        #expect(bodies[2] == nil)
        #expect(client.createOrderErrorBody(of: .timeout) == nil)
    }

    @Test func formMultipartAndBinaryBodies() async throws {
        transport.enqueue(.json(order), StubTransport.Reply(status: 204), StubTransport.Reply(status: 204))
        _ = try await client.updateOrder(orderID: 7, status: .shipped)
        _ = try await client.uploadPhoto(photo: Data("JPEG".utf8), caption: "me", pin: "1234")
        _ = try await client.uploadReceipt(orderID: 7, receipt: Data([1, 2, 3]))
        let (form, photo, receipt) = (transport.requests[0], transport.requests[1], transport.requests[2])
        #expect(form.httpMethod == "PATCH")
        #expect(form.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(form.httpBody == Data("status=shipped".utf8))
        #expect(photo.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        let multipart = String(decoding: photo.httpBody ?? Data(), as: UTF8.self)
        #expect(multipart.contains("name=\"photo\"") && multipart.contains("JPEG") && multipart.contains("name=\"caption\""))
        #expect(photo.value(forHTTPHeaderField: "X-Pin") == "1234")
        #expect(receipt.httpMethod == "PUT")
        #expect(receipt.httpBody == Data([1, 2, 3]))
        #expect(receipt.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func rawResponsesAndMaps() async throws {
        transport.enqueue(
            StubTransport.Reply(status: 200, headers: ["Content-Type": "image/png"], body: Data([9, 9])),
            StubTransport.Reply(status: 200, headers: ["Content-Type": "text/plain"], body: Data("fragile".utf8)),
            .json(#"{"a": 1.5}"#))
        let id = UUID()
        #expect(try await client.productImage(productID: id) == Data([9, 9]))
        #expect(try await client.productNotes(productID: id) == "fragile")
        #expect(try await client.prices(ids: [id]) == ["a": 1.5])
        #expect(transport.requests[0].url?.path == "/v2/products/\(id.uuidString.lowercased())/image")
    }

    @Test func methodsThatMoveBytesReportProgress() async throws {
        transport.enqueue(StubTransport.Reply(status: 200, headers: ["Content-Type": "image/png"], body: Data(count: 64)))
        let seen = ProgressLog()
        _ = try await client.productImage(productID: UUID(), progress: { seen.append($0.bytesReceived) })
        #expect(seen.values.last == 64)
    }

    /// Progress reports from any thread.
    ///
    /// `@unchecked Sendable` is safe: `received` is private and only touched while `lock` is held.
    final class ProgressLog: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [Int64] = []
        func append(_ bytes: Int64) { lock.withLock { received.append(bytes) } }
        var values: [Int64] { lock.withLock { received } }
    }

    @Test func theCompletionHandlerVariantDeliversOnTheGivenQueue() async throws {
        transport.enqueue(.json(#"{"items": [], "page": {"total": 0}}"#))
        let queue = DispatchQueue(label: "results")
        let result = await withCheckedContinuation { continuation in
            client.products(search: "tea", queue: queue) { result in
                dispatchPrecondition(condition: .onQueue(queue))
                continuation.resume(returning: result)
            }
        }
        let page = try result.get()
        #expect(page.items.isEmpty)
        let query = transport.requests.first?.url?.query ?? ""
        #expect(query.contains("q=tea") && query.contains("page=1") && query.contains("sort=newest"))
    }

    /// Without a queue, the handler is `@MainActor`: it touches a main-actor model, as UIKit and SwiftUI code does,
    /// with no `MainActor.assumeIsolated` (this file would not compile if the handler were only `@Sendable`), and
    /// runs on the main queue. (The queue, not `Thread.isMainThread`: under `swift test` on Linux the main queue's
    /// work runs on another thread than the process's first one; on Darwin the main queue is the main thread's.)
    @MainActor @Test func theCompletionHandlerVariantWithoutAQueueCallsBackOnTheMainActor() async throws {
        transport.enqueue(.json(#"{"items": [], "page": {"total": 3}}"#))
        let model = ProductListModel()
        await withCheckedContinuation { continuation in
            model.load(from: client) { continuation.resume() }
        }
        #expect(model.total == 3)
        #expect(model.calledBackOn == "main")
    }

    /// A view model as an app has one: main-actor state, loaded with the completion-handler variant.
    @MainActor final class ProductListModel {
        private(set) var total: Int?
        /// `main` when the handler ran on the main queue (see `queueName`), else `nil`.
        private(set) var calledBackOn: String?

        func load(from client: StoreClient, then done: @escaping @MainActor () -> Void) {
            client.products(search: "tea") { result in
                self.calledBackOn = DispatchQueue.getSpecific(key: StoreClientTests.queueName)
                self.total = try? result.get().page.total
                done()
            }
        }
    }

    /// Names the main queue, so a handler can tell it runs there.
    static let queueName: DispatchSpecificKey<String> = {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return key
    }()

    @Test func theCompletionHandlerVariantReportsValidationFailures() async throws {
        let result = await withCheckedContinuation { continuation in
            client.uploadPhoto(photo: Data(), caption: nil, pin: "", queue: DispatchQueue(label: "q")) { continuation.resume(returning: $0) }
        }
        #expect(throws: EndpointError.invalidRequest("'pin' must match the pattern '^[0-9]{4}$'")) { try result.get() }
        #expect(transport.requests.isEmpty)
    }
}
