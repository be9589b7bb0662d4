import Foundation
import PunchKit

/// Milliseconds of pose extraction, one a frame, recorded on the thread that runs the pose model and
/// read on another (a benchmark's).
public final class PoseTimes: Sendable {
    private let values = Locked<[Double]>([])

    public init() {}

    func record(_ milliseconds: Double) {
        values.withLock { $0.append(milliseconds) }
    }

    public var milliseconds: [Double] {
        values.withLock { $0 }
    }
}
