import Foundation

/// A value shared between threads, reachable only under its lock: what tests use instead of `Synchronization.Mutex`,
/// which needs macOS 15 and iOS 18 while the package supports macOS 13 and iOS 16.
///
/// `@unchecked Sendable` is safe: `value` is private and every read and write happens inside `withLock`, which
/// holds `lock` for the whole closure.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// A lock around `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
