@testable import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which URLSession task carries each kind of streamed exchange. A download to a file must be a download task: a data
/// task hands each chunk to the session delegate's queue, where, on a loaded machine, chunks pile up in memory faster
/// than they are written (a 256 MiB download once grew by 48–70 MiB), which a memory test sees only under load.
@Suite(.timeLimit(.minutes(2))) struct StreamingTaskKindTests {
    static let request = URLRequest(url: URL(string: "http://127.0.0.1:9/blob")!)

    @Test func aDownloadToAFileIsADownloadTask() {
        let transport = URLSessionTransport()
        let task = transport.streamingTask(Self.request, uploading: nil, delivery: .file(URL(fileURLWithPath: "/tmp/x")), in: transport.session)
        #expect(task is URLSessionDownloadTask)
        task.cancel()
    }

    @Test func aStreamAndADownloadWithAnUploadAreNot() {
        let transport = URLSessionTransport()
        var upload = Self.request
        upload.httpBody = Data("body".utf8)
        let tasks = [
            transport.streamingTask(Self.request, uploading: nil, delivery: .stream, in: transport.session),
            transport.streamingTask(upload, uploading: nil, delivery: .file(URL(fileURLWithPath: "/tmp/x")), in: transport.session),
        ]
        #expect(tasks.allSatisfy { !($0 is URLSessionDownloadTask) })
        #expect(tasks[1] is URLSessionUploadTask)
        tasks.forEach { $0.cancel() }
    }
}
