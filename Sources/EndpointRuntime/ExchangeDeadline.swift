/// The time limit of one whole exchange: URLSession's own timeout is only the longest wait between two
/// bytes, so a server trickling an endless body would otherwise hold the request forever.
///
/// The transport's `DeadlineWatch` calls `expire()` once when the limit passes, unless told to forget the
/// deadline first (the exchange ended). Which of the two answers the caller is `PendingExchange`'s to decide.
final class ExchangeDeadline: Sendable {
    private let onExpiry: @Sendable () -> Void

    /// A deadline that runs `onExpiry` (answering the exchange's caller with a timeout) when it passes.
    init(onExpiry: @escaping @Sendable () -> Void) {
        self.onExpiry = onExpiry
    }

    /// The limit passed.
    func expire() {
        onExpiry()
    }
}
