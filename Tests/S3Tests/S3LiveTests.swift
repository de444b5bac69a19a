import EndpointRuntime
import Foundation
import S3API
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generated S3 client against moto: XML responses decoded into the models (wrapped and flattened lists, dates),
/// binary objects, continuation-token pages, and XML errors whose `<Message>` reaches the caller.
@Suite(S3Server.needed, .serialized, .timeLimit(.minutes(5)))
struct S3LiveTests {
    @Test func bucketsAreCreatedListedFromXMLAndDeleted() async throws {
        let client = try S3Server.client()
        let name = S3Server.bucketName("listed")
        let before = Date()
        _ = try await client.createBucket(bucket: name)
        let listed = try await client.listBuckets()
        let bucket = try #require(listed.buckets.first { $0.name == name }, "\(listed.buckets.map(\.name)) lacks \(name)")
        // moto writes whole seconds (".000Z"): the date is the creation's, within a generous margin.
        #expect(abs(bucket.creationDate.timeIntervalSince(before)) < 600)
        #expect(listed.owner?.id?.isEmpty == false)
        _ = try await client.deleteBucket(bucket: name)
        #expect(try await client.listBuckets().buckets.contains { $0.name == name } == false)
    }

    @Test func anObjectKeepsItsBytesAndTypeThroughPutGetHeadAndDelete() async throws {
        let client = try S3Server.client()
        let bucket = S3Server.bucketName("objects")
        _ = try await client.createBucket(bucket: bucket)
        let bytes = Data((0...255).map(UInt8.init) + [0, 13, 10, 60])
        _ = try await client.putObject(bucket: bucket, key: "blob.bin", content: bytes)

        let got = try await client.getObjectWithResponse(bucket: bucket, key: "blob.bin")
        #expect(got.body == bytes)
        #expect(got.declared.contentType == "application/octet-stream")
        let head = try await client.headObject(bucket: bucket, key: "blob.bin")
        #expect(head.contentLength == bytes.count)
        #expect(head.eTag == got.declared.eTag)

        _ = try await client.deleteObject(bucket: bucket, key: "blob.bin")
        let (message, body) = try await notFound(client) { _ = try await client.getObject(bucket: bucket, key: "blob.bin") }
        #expect(message == "The specified key does not exist.")
        #expect(body.code == "NoSuchKey")
        #expect(body.key == "blob.bin")
        _ = try await client.deleteBucket(bucket: bucket)
    }

    /// PutObject sends each object's own media type (the spec's `Content-Type` parameter of the binary body), and
    /// moto keeps it; a file is uploaded as it is read, and an object downloaded to a file.
    @Test func eachObjectKeepsTheContentTypeItWasPutWith() async throws {
        let client = try S3Server.client()
        let bucket = S3Server.bucketName("typed")
        _ = try await client.createBucket(bucket: bucket)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<64).map { UInt8($0) })
        _ = try await client.putObject(bucket: bucket, key: "logo.png", content: png, contentType: "image/png")
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-s3-\(UUID().uuidString).csv")
        let destination = source.appendingPathExtension("copy")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: destination)
        }
        let csv = Data(String(repeating: "a,b,c\n", count: 2_000).utf8)
        try csv.write(to: source)
        _ = try await client.putObject(bucket: bucket, key: "table.csv", fromFile: source, contentType: "text/csv")

        let logo = try await client.getObjectWithResponse(bucket: bucket, key: "logo.png")
        #expect(logo.declared.contentType == "image/png")
        #expect(logo.body == png)
        let table = try await client.headObject(bucket: bucket, key: "table.csv")
        #expect(table.contentType == "text/csv")
        #expect(table.contentLength == csv.count)
        let downloaded = try await client.getObject(bucket: bucket, key: "table.csv", to: destination)
        #expect(downloaded.header("Content-Type") == "text/csv")
        #expect(try Data(contentsOf: destination) == csv)

        for key in ["logo.png", "table.csv"] { _ = try await client.deleteObject(bucket: bucket, key: key) }
        _ = try await client.deleteBucket(bucket: bucket)
    }

    @Test func listingPagesFollowTheContinuationTokenOfTheXMLBody() async throws {
        let recorder = RecordingTransport()
        let client = try S3Server.client(transport: recorder)
        let bucket = S3Server.bucketName("pages")
        _ = try await client.createBucket(bucket: bucket)
        let keys = (1...5).map { "key-\($0)" }
        for key in keys { _ = try await client.putObject(bucket: bucket, key: key, content: Data(key.utf8)) }

        var pages: [ListBucketResult] = []
        for try await page in client.listObjectsPages(bucket: bucket, maxKeys: 2) { pages.append(page) }
        #expect(pages.map { $0.contents.map(\.key) } == [["key-1", "key-2"], ["key-3", "key-4"], ["key-5"]])
        #expect(pages.map(\.isTruncated) == [true, true, false])
        #expect(pages.allSatisfy { $0.contents.allSatisfy { $0.size == 5 } })
        // The second and third requests carry the token the page before named in <NextContinuationToken>.
        let tokens = recorder.queryValues("continuation-token").suffix(3)
        #expect(Array(tokens) == [nil] + pages.dropLast().map(\.nextContinuationToken))
        #expect(tokens.dropFirst().allSatisfy { $0?.isEmpty == false })

        var items: [String] = []
        for try await object in client.listObjectsItems(bucket: bucket, maxKeys: 2) { items.append(object.key) }
        #expect(items == keys)

        for key in keys { _ = try await client.deleteObject(bucket: bucket, key: key) }
        // An empty bucket's listing has no <Contents>: an empty list, not a missing key.
        let empty = try await client.listObjects(bucket: bucket)
        #expect(empty.contents.isEmpty && empty.keyCount == 0)
        _ = try await client.deleteBucket(bucket: bucket)
    }

    @Test func aMissingBucketsXMLMessageReachesTheCaller() async throws {
        let client = try S3Server.client()
        let name = S3Server.bucketName("missing")
        let (message, body) = try await notFound(client) { _ = try await client.listObjects(bucket: name) }
        #expect(message == "The specified bucket does not exist")
        #expect(body.code == "NoSuchBucket")
        #expect(body.bucketName == name)
    }

    /// The message and decoded XML body of the 404 that `call` fails with; a test failure when it fails otherwise.
    private func notFound(_ client: S3Client, _ call: () async throws -> Void) async throws -> (String, S3Error) {
        do {
            try await call()
        } catch let error as EndpointError {
            guard case .unacceptableStatus(404, let message, _) = error else { throw error }
            return (message, try #require(client.errorBody(of: error, as: S3Error.self), "the 404's body is no S3Error"))
        }
        throw DidNotFail()
    }

    /// A call that was to fail with a 404 succeeded.
    private struct DidNotFail: Error {}
}
