import PunchKit

/// A punch event as the stream emitted it.
public struct DetectedEvent: Sendable, Equatable {
    public var event: PunchEvent
    /// Stream time (of the newest frame) when the detector emitted the event: `emittedAt − event.end`
    /// is what the boxer waits.
    public var emittedAt: Double
    /// Whether `peakSpeed` is in metres per second (world coordinates) or torso lengths per second.
    public var speedInMetres: Bool
}
