import Foundation
import PunchKit

/// How square to the camera a clip's shoulders stand, read from the picture alone: real sets state no
/// camera yaw, but a pose tool's 2D shoulders narrow as the body turns away. Shoulder width over torso
/// length (mid-shoulder → mid-hip) in the picture is `frontalRatio · |cos yaw|` for a body whose shoulder line
/// turns by `yaw` from the image plane, so `acos(ratio / frontalRatio)` is the apparent yaw: 0° square on,
/// 90° side-on, sign unknown (the picture cannot tell the lead shoulder turning towards or away from the lens).
///
/// It is the shoulders' view, not the camera's: a bladed guard turns them 5–45° even before a camera straight in
/// front, and a camera above or below shortens the torso and reads more frontal. The clip's median over its
/// frames with both shoulders and both hips seen, so that the turn of one punch does not set it.
public struct ApparentView: Sendable, Equatable {
    /// Shoulder width over torso length of a body square to the camera: shoulder joint centres 0.205 H apart
    /// (the synthetic boxer's `SubjectProfile`, inside Winter's 0.259 H across the acromions, as pose
    /// models report joint centres) over Winter's shoulder-to-hip 0.288 H ("Biomechanics and Motor Control of
    /// Human Movement", 4th ed., fig. 4.1).
    public static let frontalRatio = 0.205 / 0.288
    /// Bins of apparent yaw in degrees (`evaluate --by-view`): [0, 30) square on, [30, 60), [60, 90] side-on.
    public static let bins: [(name: String, from: Double, to: Double)] = [
        ("frontal", 0, 30), ("three-quarter", 30, 60), ("side-on", 60, 90),
    ]

    /// Median shoulder width over torso length in the picture.
    public var shoulderRatio: Double
    /// Frames it was measured on.
    public var frames: Int

    /// Apparent yaw in degrees, 0…90 (a ratio above `frontalRatio` reads 0).
    public var yaw: Double { acos(min(1, shoulderRatio / Self.frontalRatio)) * 180 / .pi }
    /// Name of the bin of `bins` holding `yaw`.
    public var bin: String { Self.bins.last { yaw >= $0.from }!.name }
    /// The bin of clips whose view cannot be read (no frame shows both shoulders and both hips).
    public static let unknownBin = "unknown"
    /// Every bin a clip can fall in: those of `bins`, then `unknownBin`.
    public static var binNames: [String] { bins.map(\.name) + [unknownBin] }

    /// The bin of a clip whose view is `view` (nil: not readable).
    public static func bin(of view: ApparentView?) -> String { view?.bin ?? unknownBin }

    public init(shoulderRatio: Double, frames: Int) {
        self.shoulderRatio = shoulderRatio
        self.frames = frames
    }

    /// The clip's apparent view (canonical layout, image coordinates), or nil when no frame shows both
    /// shoulders and both hips (`BodyInPicture`) with a torso of some length.
    public init?(_ sequence: SkeletonSequence) {
        let n = sequence.layout.count
        var ratios: [Double] = []
        for f in 0..<sequence.frameCount {
            func point(_ j: Int) -> Vec3 { sequence.positions[f * n + j] }
            guard let body = BodyInPicture(point: point, confidence: { sequence.confidences[f * n + $0] }),
                  body.torso > 1e-9 else { continue }
            let shoulders = point(Joint.leftShoulder.rawValue) - point(Joint.rightShoulder.rawValue)
            ratios.append(Vec3(shoulders.x, shoulders.y, 0).length / body.torso)
        }
        guard let ratio = median(ratios) else { return nil }
        self.init(shoulderRatio: ratio, frames: ratios.count)
    }
}
