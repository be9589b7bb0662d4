import Foundation

/// A value that several threads share: every read and write goes through `withLock`. The package's one
/// lock utility, shaped like `Synchronization.Mutex` (which needs macOS 15; the package supports 13): the
/// value goes in and results come out as `sending`, so the compiler checks that no unprotected reference
/// to it escapes the lock.
public final class Locked<Value>: @unchecked Sendable {  // unchecked: `value` is only reached under `lock`
    private let lock = NSLock()
    private var value: Value

    public init(_ initialValue: sending Value) { value = initialValue }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
