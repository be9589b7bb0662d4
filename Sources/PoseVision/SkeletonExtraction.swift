import Foundation
import PunchKit

/// A whole input turned into one skeleton sequence (what `punchcoach extract` writes and what video
/// datasets cache): the extractor's own layout, image pixels, world metres.
public struct SkeletonExtraction {
    public var sequence: SkeletonSequence
    /// Mean pose presence over all frames (0 for frames without a person).
    public var meanPresence: Double
    /// Frames in which a person was followed.
    public var framesWithPerson: Int
    /// Wall-clock seconds spent.
    public var seconds: Double

    /// Reads `source` to its end (or until `maxSeconds` of input, or `shouldStop`), calling `onFrame`
    /// with each picture, its pose and its index (for overlays and progress).
    public static func run(_ source: BlazePoseSource, maxSeconds: Double? = nil, shouldStop: () -> Bool = { false },
                           onFrame: (VideoFrame, PoseObservation, Int) throws -> Void = { _, _, _ in }) throws -> SkeletonExtraction {
        let started = Date()
        let info = source.capture.info
        var sequence = SkeletonSequence(layout: source.extractor.layout, units: .px, source: "blazepose", hasWorld: true,
                                        reservingFrames: min(info.frameCount ?? 0, 20_000))
        sequence.extra = [.init("width", "\(info.width)"), .init("height", "\(info.height)")]
        if info.fps > 0 && !source.isRealTime { sequence.fps = info.fps }
        var presence = 0.0, withPerson = 0, index = 0, firstTime: Double?
        while !shouldStop(), let (frame, pose) = try source.nextObservation() {
            if firstTime == nil { firstTime = pose.time }
            if let maxSeconds, pose.time - firstTime! > maxSeconds { break }
            sequence.append(pose.skeleton)
            presence += pose.found ? pose.presence : 0
            withPerson += pose.found ? 1 : 0
            try onFrame(frame, pose, index)
            index += 1
        }
        if source.isRealTime && sequence.frameCount > 1 {
            sequence.fps = ((Double(sequence.frameCount - 1) / sequence.duration) * 100).rounded() / 100
        }
        return SkeletonExtraction(sequence: sequence, meanPresence: index > 0 ? presence / Double(index) : 0,
                                  framesWithPerson: withPerson, seconds: Date().timeIntervalSince(started))
    }
}
