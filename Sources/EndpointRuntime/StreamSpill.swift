import Foundation

/// What a streamed body's reader tells the transport: it took `count` bytes, so more may come (`StreamFlow` on
/// Darwin, `StreamSpill` on Linux).
protocol StreamBackpressure: Sendable {
    /// The reader took `count` bytes.
    func consumed(_ count: Int)
}

extension StreamFlow: StreamBackpressure {}

/// Linux's bound on a streamed body a reader is slow to read: FoundationNetworking cannot pause a running transfer
/// (docs/Platforms.md), so chunks beyond `highWater` unread bytes go to a temporary file instead of memory, and are
/// read back, in order, as the reader catches up (below `lowWater`, up to `highWater` again). Memory holds at most
/// `highWater` unread bytes plus a refill piece; the file holds the rest of the backlog, however long, and is emptied
/// (truncated) whenever the reader has caught up. The file is unlinked as soon as it is open, so nothing is left
/// behind, whatever happens to the process.
///
/// Every change runs under one lock, so chunks reach the reader in the order they arrived, and the end of the
/// transfer (`finish`) reaches it only after the last spilled byte.
final class StreamSpill: StreamBackpressure, Sendable {
    /// Unread bytes in memory above which chunks go to the file.
    static let highWater = StreamFlow.highWater
    /// Unread bytes in memory below which the file is read back.
    static let lowWater = StreamFlow.lowWater
    /// The most read back from the file at once.
    static let refillPiece = 1 << 20

    private struct State {
        /// Bytes handed to the reader's stream and not yet read.
        var unread = 0
        /// The spill file, open for reading and for writing (unlinked).
        var file: (reader: FileHandle, writer: FileHandle)?
        /// Bytes in the file not yet handed to the reader.
        var spilled = 0
        /// How the transfer ended, while spilled bytes still wait: delivered after them.
        var end: (any Error)??
        /// The largest `unread` seen, and the bytes that went through the file (tests).
        var peakUnread = 0
        var spilledTotal = 0
    }

    private let state = LockedState(State())
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let folder: URL

    /// A spill for the reader of `continuation`'s stream, its file (when needed) in `folder`.
    init(_ continuation: AsyncThrowingStream<Data, any Error>.Continuation, folder: URL = FileManager.default.temporaryDirectory) {
        self.continuation = continuation
        self.folder = folder
    }

    /// The transfer delivered `data`: to the reader, or to the file while the reader is behind. Throws when the file
    /// cannot be made or written (the caller then ends the transfer with that error).
    func delivered(_ data: Data) throws {
        try state.withLock { state in
            // A reader with nothing unread is waiting: it gets the chunk whatever its size.
            if state.spilled == 0 && (state.unread == 0 || state.unread + data.count <= Self.highWater) {
                hand(data, &state)
                return
            }
            let file = try state.file ?? openFile()
            state.file = file
            try file.writer.write(contentsOf: data)
            state.spilled += data.count
            state.spilledTotal += data.count
        }
    }

    /// The reader took `count` bytes: below the low water, the file is read back.
    func consumed(_ count: Int) {
        state.withLock { state in
            state.unread -= count
            if state.unread < Self.lowWater { refill(&state) }
        }
    }

    /// The transfer ended (with `error` if it failed): the reader sees the end once it has read every byte.
    func finish(_ error: (any Error)?) {
        state.withLock { state in
            if state.spilled == 0 {
                end(error)
            } else {
                state.end = .some(error)
            }
        }
    }

    /// The largest unread backlog held in memory so far, and the bytes that went through the file (tests).
    var measures: (peakUnread: Int, spilled: Int) { state.withLock { ($0.peakUnread, $0.spilledTotal) } }

    private func hand(_ data: Data, _ state: inout State) {
        state.unread += data.count
        state.peakUnread = max(state.peakUnread, state.unread)
        continuation.yield(data)
    }

    private func refill(_ state: inout State) {
        guard let file = state.file else { return }
        do {
            while state.spilled > 0 && state.unread < Self.highWater {
                let piece = try file.reader.read(upToCount: min(state.spilled, Self.refillPiece, Self.highWater - state.unread)) ?? Data()
                guard !piece.isEmpty else { throw CocoaError(.fileReadUnknown) }
                state.spilled -= piece.count
                hand(piece, &state)
            }
            if state.spilled == 0 {
                // Caught up: the file starts over, so it holds only the backlog, not the whole body.
                try file.writer.truncate(atOffset: 0)
                try file.reader.seek(toOffset: 0)
                if let end = state.end {
                    state.end = nil
                    self.end(end)
                }
            }
        } catch {
            state.spilled = 0
            state.end = nil
            end(error)
        }
    }

    private func end(_ error: (any Error)?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }

    private func openFile() throws -> (reader: FileHandle, writer: FileHandle) {
        let url = folder.appendingPathComponent(".endpointgen-stream-\(UUID().uuidString).spill")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? FileManager.default.removeItem(at: url) }  // open handles keep the unlinked file alive
        return (try FileHandle(forReadingFrom: url), try FileHandle(forWritingTo: url))
    }
}
