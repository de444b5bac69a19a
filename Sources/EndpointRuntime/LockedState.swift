import Foundation

/// A value shared between threads, reachable only under its lock.
///
/// `@unchecked Sendable` is safe: `value` is private and every read and write happens inside
/// `withLock`, which holds `lock` for the whole closure.
final class LockedState<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
