import Foundation
import PunchKit

/// Recordings ready for training or evaluation: resampled to the model's rate, each frame labelled,
/// the stance known (from the file when it says, else read from the body).
public struct PreparedClip: Sendable {
    public var name: String
    public var label: String?
    public var subject: String
    public var sequence: SkeletonSequence
    public var labels: [Int]
    public var stance: Stance

    public var frameCount: Int { sequence.frameCount }
}

public enum TrainingSet {
    /// Resamples, labels and reads the stance of every clip (in parallel, order kept).
    public static func prepare(_ clips: [LabelledClip], classes: [String], background: [String], rate: Double = 60) -> [PreparedClip] {
        concurrentMap(clips) { clip in
            let s = clip.sequence.resampled(rate: rate)
            let labels = FrameLabels.make(clip: clip, resampled: s, classes: classes, background: background)
            let declared = clip.sequence.declaredStance
            let stance = declared ?? StanceEstimator.estimate(s) ?? .orthodox
            return PreparedClip(name: clip.name, label: clip.label, subject: clip.person,
                                sequence: s, labels: labels, stance: stance)
        }
    }

    /// Splits by subject: about `fraction` of the subjects (at least one, never all) go to validation,
    /// chosen by `seed`; subjects in `alwaysTrained` are never drawn (without any, the split is what it always
    /// was). No subject is on both sides.
    public static func splitBySubject(_ clips: [PreparedClip], fraction: Double, seed: UInt64,
                                      alwaysTrained: Set<String> = []) -> (train: [PreparedClip], validation: [PreparedClip], validationSubjects: [String]) {
        var subjects = Array(Set(clips.map(\.subject)).subtracting(alwaysTrained)).sorted()
        guard subjects.count > 1 else { return (clips, [], []) }
        var rng = SeededRandom(seed: seed ^ 0x5eed)
        subjects.shuffle(using: &rng)
        let n = min(max(1, Int((Double(subjects.count) * fraction).rounded())), subjects.count - 1)
        let held = Set(subjects.prefix(n))
        return (clips.filter { !held.contains($0.subject) }, clips.filter { held.contains($0.subject) }, held.sorted())
    }
}
