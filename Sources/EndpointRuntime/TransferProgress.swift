/// How far a request's upload and download have come; totals are `nil` while unknown.
public struct TransferProgress: Sendable, Equatable {
    /// Body bytes sent so far.
    public var bytesSent: Int64
    /// The body size, when known.
    public var totalBytesToSend: Int64?
    /// Response bytes received so far.
    public var bytesReceived: Int64
    /// The response size from `Content-Length`, when known.
    public var totalBytesToReceive: Int64?

    /// A progress value from its counts.
    public init(bytesSent: Int64 = 0, totalBytesToSend: Int64? = nil, bytesReceived: Int64 = 0, totalBytesToReceive: Int64? = nil) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }
}
