import Foundation
import PunchDetect
import PunchKit
import PunchModel
import PunchSynth
import TestSupport

/// The shipped model, as the coach loads it.
/// Inference only reads the network (see `Layer`), so tests may share it across threads.
nonisolated(unsafe) let shippedModel: PunchClassifier = {
    try! ModelFile.read(repositoryRoot.appendingPathComponent("Weights/punch-classifier.model"))
}()

/// Subjects the shipped model never saw (it was trained on seed 11, subjects 1–50).
func unseenSubjects(_ ids: ClosedRange<Int> = 301...308, seed: UInt64 = 77) -> [SubjectProfile] {
    SubjectPool.make(seed: seed, ids: ids)
}

/// Runs a sequence through a fresh detector, as a stream.
func detect(_ s: SkeletonSequence, configuration: DetectorConfiguration = DetectorConfiguration()) -> (events: [DetectedEvent], detector: PunchDetector) {
    let detector = PunchDetector(classifier: shippedModel, configuration: configuration)
    var events: [DetectedEvent] = []
    for f in 0..<s.frameCount { events += detector.push(s.frame(f)) }
    events += detector.finish()
    return (events, detector)
}

let punchLabels: Set<String> = ["jab", "double_jab", "cross", "hook", "uppercut"]
