import Foundation
import PunchKit

/// What one pass of a detector over a stream of frames found: the events and how much input it read.
public struct StreamResult: Sendable {
    public var events: [DetectedEvent]
    public var frames: Int
    /// Seconds of input, from the first frame's time to the last's.
    public var seconds: Double
    /// Wall-clock seconds the pass took.
    public var processingSeconds: Double
}

extension PunchDetector {
    /// Streams frames from `next` (nil ends the stream) through the detector and closes it, as `classify`
    /// does and as the coach does frame by frame: `onEvents` hears each batch of events as it is emitted,
    /// `onClassification` the time and smoothed probabilities of every classified window. Stops after
    /// `maxSeconds` of input when given.
    public func stream(
        maxSeconds: Double? = nil, next: () throws -> SkeletonFrame?,
        onEvents: ([DetectedEvent]) -> Void = { _ in },
        onClassification: ((_ time: Double, _ probabilities: [Float]) -> Void)? = nil
    ) throws -> StreamResult {
        let started = Date()
        var events: [DetectedEvent] = []
        var frames = 0
        var firstTime: Double?, lastTime = 0.0
        var lastClassification = classifications
        while let frame = try next() {
            if let maxSeconds, let firstTime, frame.time - firstTime > maxSeconds { break }
            frames += 1
            if firstTime == nil { firstTime = frame.time }
            lastTime = frame.time
            let emitted = push(frame)
            onEvents(emitted)
            events += emitted
            if let onClassification, classifications != lastClassification {
                lastClassification = classifications
                onClassification(time, probabilities)
            }
        }
        let tail = finish()
        onEvents(tail)
        events += tail
        return StreamResult(events: events, frames: frames, seconds: lastTime - (firstTime ?? 0),
                            processingSeconds: Date().timeIntervalSince(started))
    }
}
