import Foundation
import Testing
@testable import PunchSynth
import PunchKit
import TestSupport

/// Synthetic jabs and crosses against the real CoachMe BX clips (../shared/datasets/coachme-bx: 143
/// HybrIK SMPL-22 clips of 7 orthodox beginners, ~30 fps assumed), in torso lengths and seconds with the
/// wrist taken relative to its shoulder. Prints both tables; asserts that the synthetic medians of peak
/// speed, extension time and reach sit inside the real 10–90 % range.
@Suite struct CoachMeComparisonTests {
    static let folder = coachMeFolder

    static func row(_ name: String, _ k: [PunchKinematics]) -> String {
        func p(_ v: [Double]) -> String {
            [10.0, 50, 90].map { String(format: "%5.2f", percentile(v, $0)) }.joined(separator: " ")
        }
        return name.padding(toLength: 16, withPad: " ", startingAt: 0)
            + " n=\(String(k.count).leftPadded(3))  peak \(p(k.map(\.peakSpeed)))   ext \(p(k.map(\.extensionTime)))   reach \(p(k.map(\.reach)))"
    }

    @Test func syntheticJabsAndCrossesSitInsideTheRealRange() throws {
        let index = Self.folder.appendingPathComponent("index.csv")
        guard FileManager.default.fileExists(atPath: index.path) else {
            print("CoachMe comparison skipped: \(Self.folder.path) is absent (it lives in ../shared/datasets)")
            return
        }
        let real = try Dataset.load(Self.folder)
        let generator = ClipGenerator(seed: 1, subjects: SubjectPool.make(seed: 1, ids: 1...12))
        print("torso lengths/s (peak wrist speed rel. shoulder), s (extension above 25 % of peak), torso lengths (reach); 10/50/90 %")
        for (label, side) in [("jab", Joint.leftWrist), ("cross", .rightWrist)] {
            let shoulder: Joint = side == .leftWrist ? .leftShoulder : .rightShoulder
            let realK = real.clips.filter { $0.label == label }.compactMap {
                PunchKinematics.measure($0.sequence, wrist: side, shoulder: shoulder)
            }
            // Synthetic: as filmed (noise on), mirrored to orthodox like the pipeline does, the action ± 0.3 s.
            let synthK = (0..<60).compactMap { i -> PunchKinematics? in
                let c = generator.clip(PunchLabel(rawValue: label)!, index: i)
                var seq = c.sequence
                if c.camera.selfie != (c.subject.stance == .southpaw) { seq = seq.mirrored() }
                return PunchKinematics.measure(seq, wrist: side, shoulder: shoulder,
                                               window: (c.actionStart - 0.3)...(c.actionEnd + 0.3))
            }
            print(Self.row("CoachMe \(label)", realK))
            print(Self.row("synth \(label)", synthK))
            for (name, f) in [("peak speed", \PunchKinematics.peakSpeed), ("extension time", \.extensionTime)] {
                let r = realK.map { $0[keyPath: f] }, s = synthK.map { $0[keyPath: f] }
                let median = percentile(s, 50)
                #expect(median >= percentile(r, 10) && median <= percentile(r, 90),
                        "\(label) \(name): synthetic median \(median) outside the real 10–90 % range \(percentile(r, 10))…\(percentile(r, 90))")
            }
            // Reach: HybrIK fits one body shape, so CoachMe's reach barely varies (0.96–1.02 torso lengths
            // from the 10th to the 90th percentile); the medians must agree within 5 %.
            let realReach = percentile(realK.map(\.reach), 50), synthReach = percentile(synthK.map(\.reach), 50)
            #expect(abs(synthReach / realReach - 1) < 0.05, "\(label) reach: synthetic median \(synthReach), real \(realReach)")
        }
    }
}
