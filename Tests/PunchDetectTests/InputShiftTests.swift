import Foundation
import Testing
@testable import PunchDetect
import PunchKit
import PunchModel
import PunchSynth

/// `punchcoach input-shift`: channel names, the shift's arithmetic, and which windows make a stretch.
@Suite struct InputShiftTests {
    typealias Channel = FeatureExtractor.Channel

    @Test func everyChannelHasItsGroupsName() {
        let names = FeatureExtractor.channelNames
        #expect(names.count == FeatureExtractor.channelCount)
        #expect(Set(names).count == names.count)
        #expect(names[Channel.visible] == "visible.lead_shoulder")
        #expect(names[Channel.image + 2 * 4 + 1] == "image.lead_wrist.y")
        #expect(names[Channel.imageVelocity + 2 * 11] == "image_velocity.rear_ankle.x")
        #expect(names[Channel.imageWristSpeed + 1] == "image_wrist_speed.rear")
        #expect(names[Channel.depthFlag] == "depth_flag")
        #expect(names[Channel.imageForeshortening + 3] == "foreshortening.rear_forearm")
        #expect(names[Channel.position + 3 * 5 + 2] == "position.rear_wrist.z")
        #expect(names[Channel.root + 1] == "root.y")
        #expect(names.last == "arm_extension.rear")
    }

    /// Shift = difference of means over the pooled standard deviation; labels only one side holds are not
    /// compared; the 3D block only where both sides have depth.
    @Test func shiftIsTheDifferenceOfMeansInPooledDeviations() throws {
        let C = FeatureExtractor.channelCount, body = Channel.position
        func stretch(_ label: String, _ values: [Int: Double], depth: Bool = true) -> InputShift.Stretch {
            var means = [Double](repeating: 0, count: C)
            for (c, v) in values { means[c] = v }
            return .init(label: label, means: means, hasDepth: depth)
        }
        // Channel 0: 1 and 3 against −1 and 1: means 2 and 0, variances 2 and 2, shift 2 / √2.
        // Channel 5: 0.5 and 0.7 against the same: no shift. The body channel: far apart.
        let data = [stretch("jab", [0: 1, 5: 0.5, body: 10]), stretch("jab", [0: 3, 5: 0.7, body: 12]), stretch("hook", [0: 9])]
        let against = [stretch("jab", [0: -1, 5: 0.5, body: 0]), stretch("jab", [0: 1, 5: 0.7, body: 1]), stretch("idle", [:])]
        let rows = InputShift.compare(data, against: against)
        #expect(Set(rows.map(\.label)) == ["jab"])
        #expect(rows.count == C)
        let first = try #require(rows.first)
        #expect(first.channel == "position.lead_shoulder.x")
        let zero = try #require(rows.first { $0.channel == FeatureExtractor.channelNames[0] })
        #expect(zero.mean == 2 && zero.againstMean == 0)
        #expect(abs(zero.shift - 2 / 2.0.squareRoot()) < 1e-12)
        #expect(rows[1].channel == FeatureExtractor.channelNames[0], "the largest shifts first")
        #expect(rows.first { $0.channel == FeatureExtractor.channelNames[5] }?.shift == 0)
        // One side without depth: its body block reads the training mean, so the 3D channels are left out.
        let flat = against.map { var s = $0; s.hasDepth = false; return s }
        let twoD = InputShift.compare(data, against: flat)
        #expect(twoD.count == FeatureExtractor.viewChannels)
        #expect(twoD.first?.channel == FeatureExtractor.channelNames[0])
    }

    /// A synthetic jab clip's annotations give three stretches (guard, the jab, guard), each the windows
    /// whose labelled frame lies in it: the lead wrist moves fastest in the jab's. A clip without label or
    /// segments gives none; families merge labels.
    @Test func stretchesAreTheLabelledSegmentsOfARecording() throws {
        let generator = ClipGenerator(seed: 5, subjects: unseenSubjects(), options: SynthOptions(camera: .front(yaw: 0.3)))
        let synth = generator.clip(.jab, index: 0)
        let clip = LabelledClip(name: synth.name, label: "jab", subject: synth.subject.name, sourceLayout: "coco17",
                                sequence: synth.sequence, segments: synth.annotations)
        let unlabelled = LabelledClip(name: "x.csv", label: nil, subject: nil, sourceLayout: "coco17", sequence: synth.sequence)
        let (stretches, failures) = InputShift.stretches(shippedModel, clips: [clip, unlabelled])
        #expect(failures.isEmpty)
        #expect(stretches.map(\.label) == ["stance", "jab", "stance"])
        #expect(stretches.allSatisfy { $0.means.count == FeatureExtractor.channelCount && $0.hasDepth })
        // The 3D wrist speed: this camera faces the boxer, so the jab barely moves in the picture.
        let speed = Channel.wristSpeed
        #expect(stretches[1].means[speed] > stretches[0].means[speed] + 0.5)
        #expect(stretches[1].means[speed] > stretches[2].means[speed] + 0.5)

        let merged = InputShift.stretches(shippedModel, clips: [clip], merge: try LabelMerge(parsing: ["straight=jab,cross"]))
        #expect(merged.stretches.map(\.label) == ["stance", "straight", "stance"])
        // A whole clip without segments is one stretch of its label.
        var whole = clip
        whole.segments = []
        #expect(InputShift.stretches(shippedModel, clips: [whole]).stretches.map(\.label) == ["jab"])
    }
}
