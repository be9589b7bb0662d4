import PoseVision
import PunchKit
import PunchSynth

/// The contact sheet of `punchcoach synth`: one clip per motion (hooks and uppercuts with each hand),
/// noise-free, of an orthodox subject filmed from the front, drawn at eight moments across the action.
enum SynthSheet {
    static func render(seed: UInt64, to path: String) throws {
        let subject = SubjectPool.make(seed: seed, ids: 1...12).first { $0.stance == .orthodox }!
        let generator = ClipGenerator(seed: seed, subjects: [subject],
                                      options: SynthOptions(noise: false, camera: .front(), fps: 60))
        var rows: [ContactSheet.Row] = []
        let wanted: [(PunchLabel, Hand?)] = [(.jab, nil), (.doubleJab, nil), (.cross, nil), (.hook, .lead), (.hook, .rear),
                                             (.uppercut, .lead), (.uppercut, .rear), (.stance, nil), (.idle, nil), (.idle, nil)]
        var usedIdle = -1
        for (label, hand) in wanted {
            var index = 0
            if label == .idle { index = usedIdle + 1 }
            var clip = generator.clip(label, index: index)
            while let hand, clip.punches.first?.hand != hand, index < 40 {
                index += 1
                clip = generator.clip(label, index: index)
            }
            if label == .idle { usedIdle = index }
            let seq = clip.sequence
            let t0 = label.isPunch ? clip.actionStart - 0.08 : 0.2
            let t1 = label.isPunch ? clip.actionEnd + 0.08 : seq.duration - 0.2
            let frames: [[Vec3]] = (0..<8).map { k in
                let t = t0 + (t1 - t0) * Double(k) / 7
                let f = seq.times.firstIndex { $0 >= t } ?? seq.frameCount - 1
                return (0..<17).map { seq.worldPosition(frame: f, joint: $0) }
            }
            var title = label.rawValue
            if let hand { title += " (\(hand.rawValue))" }
            let subtitle = label.isPunch
                ? String(format: "%.2f s, %.1f m/s", clip.actionEnd - clip.actionStart, clip.punches.first?.peakSpeed ?? 0)
                : String(format: "%.1f s", seq.duration)
            rows.append(ContactSheet.Row(title: title, subtitle: subtitle, frames: frames))
        }
        try ContactSheet.render(rows, to: path)
    }
}
