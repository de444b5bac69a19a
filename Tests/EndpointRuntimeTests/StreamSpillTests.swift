@testable import EndpointRuntime
import Foundation
import Testing

/// Linux's bound on a slowly read stream (`StreamSpill`): past the high water, chunks wait in a file, and the reader
/// still gets every byte in order, then the end, after the last spilled byte.
@Suite(.timeLimit(.minutes(2))) struct StreamSpillTests {
    /// Chunk `n` of 64 KiB: its number in its first four bytes, then a byte of its own, so a lost, repeated or
    /// reordered chunk shows.
    static func chunk(_ n: Int) -> Data {
        var chunk = Data(repeating: UInt8(truncatingIfNeeded: n &* 7 &+ 1), count: 64 << 10)
        withUnsafeBytes(of: UInt32(n).bigEndian) { chunk.replaceSubrange(0..<4, with: $0) }
        return chunk
    }

    static func spill(folder: URL = FileManager.default.temporaryDirectory) -> (StreamSpill, ResponseBodyStream) {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let spill = StreamSpill(continuation, folder: folder)
        return (spill, ResponseBodyStream(chunks: stream, flow: spill))
    }

    @Test func aBacklogBeyondTheHighWaterWaitsInAFileAndArrivesInOrder() async throws {
        let (spill, body) = Self.spill()
        let count = 40 << 4  // 40 MiB, ten times the high water, delivered before any is read
        for n in 0..<count { try spill.delivered(Self.chunk(n)) }
        spill.finish(nil)
        #expect(spill.measures.peakUnread <= StreamSpill.highWater, "no more than the high water held in memory")
        #expect(spill.measures.spilled >= (count << 16) - StreamSpill.highWater)
        var received = Data()
        var peak = 0
        for try await piece in body {
            received.append(piece)
            peak = max(peak, spill.measures.peakUnread)
        }
        #expect(peak <= StreamSpill.highWater, "reading it back holds no more than the high water either")
        #expect(received.count == count << 16)
        #expect(received == (0..<count).reduce(into: Data()) { $0.append(Self.chunk($1)) }, "every byte, in order")
    }

    @Test func aFailureReachesTheReaderAfterTheSpilledBytes() async throws {
        let (spill, body) = Self.spill()
        for n in 0..<(8 << 4) { try spill.delivered(Self.chunk(n)) }
        spill.finish(URLError(.networkConnectionLost))
        var received = 0
        await #expect(throws: EndpointError.transport(code: .networkConnectionLost, description: "")) {
            for try await piece in body { received += piece.count }
        }
        #expect(received == 8 << 20)
    }

    @Test func aReaderThatKeepsUpNeverTouchesTheFile() async throws {
        let (spill, body) = Self.spill(folder: URL(fileURLWithPath: "/nonexistent-folder"))
        var iterator = body.makeAsyncIterator()
        for n in 0..<64 {
            try spill.delivered(Self.chunk(n))
            #expect(try await iterator.next() == Self.chunk(n))
        }
        #expect(spill.measures.spilled == 0)
    }

    @Test func aSpillFileThatCannotBeMadeThrows() throws {
        let (spill, _) = Self.spill(folder: URL(fileURLWithPath: "/nonexistent-folder"))
        for n in 0..<(StreamSpill.highWater >> 16) { try spill.delivered(Self.chunk(n)) }
        #expect(throws: (any Error).self) { try spill.delivered(Self.chunk(0)) }
    }
}
