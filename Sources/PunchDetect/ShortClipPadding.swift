import PunchKit
import PunchModel

/// How a clip shorter than the classifier's window gets a fair chance in `ClipClassifier`.
///
/// Real clip sets are cut tight: BoxingVI's clips hold only the punch (0.04–1 s, median 0.32 s),
/// BoxingForm's span about a second, half of CoachMe's are under 2 s. Streamed as they are, the clip
/// ends before the detector has said anything about its end: the network labels the frame `lookahead`
/// frames (150 ms) behind the newest one, and a run closes only after `exitSteps` classifications
/// below the threshold — so the last 150 ms of the clip, often most of its punch, are never labelled,
/// and the stance reading (first after 0.25 s) and the guard context before a run (0.5 s) have
/// nothing to read.
///
/// **The rule**: a clip shorter than one window (120 frames at 60 fps = 2 s) is held still at both
/// ends. Its first frame is repeated before it (at 60 fps) so that the padded clip spans a whole
/// window up to the clip's last frame — what the window's own edge padding shows the network anyway,
/// now also seen by the stance reading and the guard context. Its last frame is repeated after it for
/// `lookahead + stride · (smoothing + exitSteps) + 1` frames at 60 fps (14 with the defaults, 0.23 s),
/// so that every frame of the clip is labelled and a run still open at its end closes as it would in
/// a stream. The clip keeps its own clock (the frames before it have negative times). Clips of a window
/// or longer are streamed as they are. A clip of fewer than 2 frames has no motion to classify and is
/// refused (`ClipTooShortError`), never guessed.
public struct ShortClipPadding: Sendable, Equatable {
    /// Clips shorter than this (seconds) are padded: the classifier's window.
    public var windowSeconds: Double
    /// Spacing of the repeated frames (the classifier's rate).
    public var rate: Double
    /// Frames repeated after the clip's last one.
    public var trailingFrames: Int

    public init(classifier: PunchClassifier, configuration: DetectorConfiguration = DetectorConfiguration()) {
        let w = classifier.window
        rate = w.rate
        windowSeconds = Double(w.frames) / w.rate
        trailingFrames = w.lookahead + configuration.stride * (configuration.smoothing + configuration.exitSteps) + 1
    }

    /// Whether `sequence` is short enough to be padded.
    public func applies(to sequence: SkeletonSequence) -> Bool { sequence.duration < windowSeconds - 1e-9 }

    /// Frames repeated before the clip's first one.
    public func leadingFrames(for sequence: SkeletonSequence) -> Int {
        guard applies(to: sequence) else { return 0 }
        return Int(((windowSeconds - sequence.duration) * rate).rounded(.up))
    }

    /// The clip held still at both ends (see the rule above); a clip of a window or longer unchanged.
    /// Needs at least 2 frames.
    public func padded(_ sequence: SkeletonSequence) throws -> SkeletonSequence {
        guard sequence.frameCount >= 2 else { throw ClipTooShortError(frames: sequence.frameCount) }
        guard applies(to: sequence) else { return sequence }
        var out = sequence.slice(frames: 0..<0)
        let first = sequence.frame(0), last = sequence.frame(sequence.frameCount - 1)
        let before = leadingFrames(for: sequence)
        for k in stride(from: before, through: 1, by: -1) {
            var f = first
            f.time = first.time - Double(k) / rate
            out.append(f)
        }
        for i in 0..<sequence.frameCount { out.append(sequence.frame(i)) }
        for k in 1...trailingFrames {
            var f = last
            f.time = last.time + Double(k) / rate
            out.append(f)
        }
        return out
    }
}

/// A clip with fewer than 2 frames: nothing moves in it, so it gets no label.
public struct ClipTooShortError: Error, CustomStringConvertible, Equatable, Sendable {
    public var frames: Int
    public init(frames: Int) { self.frames = frames }
    public var description: String {
        "only \(frames) frame(s); a clip needs at least 2 to be classified (check the file or its index row)"
    }
}
