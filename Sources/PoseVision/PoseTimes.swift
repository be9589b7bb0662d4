import Foundation

/// Milliseconds of pose extraction, one a frame, recorded on the thread that runs the pose model and
/// read on another (a benchmark's).
public final class PoseTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []

    public init() {}

    func record(_ milliseconds: Double) {
        lock.lock()
        values.append(milliseconds)
        lock.unlock()
    }

    public var milliseconds: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
