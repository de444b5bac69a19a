import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The download tasks of `download(_:to:)` (see `StreamingTasks`): their progress, and their finished file, which must
/// be moved before the callback returns.
extension SessionDelegate: URLSessionDownloadDelegate {
    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        _ = streaming.wrote(totalBytesWritten, of: totalBytesExpectedToWrite, for: downloadTask)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        _ = streaming.finishedDownload(downloadTask, at: location)
    }
}
