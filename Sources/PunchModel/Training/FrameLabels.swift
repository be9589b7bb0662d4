import PunchKit

/// The label of every 60 fps frame of a recording: what the classifier must say when that frame is
/// `lookahead` frames before the newest end of its window (online detection: "what is happening now").
///
/// - Frames inside a labelled segment (from `annotations.csv` or an `.events.csv` truth file) take its label.
/// - Other frames of a clip whose folder label is a background class (stance, idle) take that label.
/// - Other frames of a punch clip — the stance padding around the punch — take the default background
///   label (`stance`). A punch clip without any segment (Create ML style, a user's recording) has its
///   punch found from the wrists (`ActionLocator`), the rest is stance.
/// - Other frames of a long recording are stance.
/// - A double jab is labelled `jab` until its second extension begins and `double_jab` from there on
///   (`SecondJab`, unless the annotations already split it): until the second jab starts, nobody — and
///   no causal network — can tell a double jab from a jab, and asking the network to foresee it teaches
///   it to call jabs double jabs. The event
///   detector reads one run for the whole motion and labels it from its end, so a double jab is still one
///   `double_jab` event.
/// Frames whose label is not a class of the model are -1 and never used.
public enum FrameLabels {
    public static func make(clip: LabelledClip, resampled s: SkeletonSequence, classes: [String], background: [String]) -> [Int] {
        let index = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        let stance = PunchLabel.stance.rawValue, jab = PunchLabel.jab.rawValue
        let defaultBackground = background.contains(stance) ? stance : background.first
        let clipLabel = clip.label
        let fill: String?
        if let clipLabel, background.contains(clipLabel) { fill = clipLabel } else { fill = defaultBackground }
        var labels = [Int](repeating: fill.flatMap { index[$0] } ?? -1, count: s.frameCount)

        var segments = clip.segments
        if segments.isEmpty, let clipLabel, !background.contains(clipLabel) {
            if let (start, end) = ActionLocator.locate(s) {
                segments = [Annotation(file: clip.name, label: clipLabel, start: start, end: end)]
            }
        }
        for seg in segments {
            let label = index[seg.label] ?? -1
            var secondJab = -Double.infinity, firstJab = label
            // Annotations that already split the double jab (a jab segment ending where it starts, as the
            // synthetic boxer writes them) need no search.
            let split = segments.contains { $0.label == jab && abs($0.end - seg.start) < 1e-6 }
            if seg.label == PunchLabel.doubleJab.rawValue, !split, let jabIndex = index[jab],
               let onset = SecondJab.onset(s, from: seg.start, to: seg.end) {
                secondJab = onset
                firstJab = jabIndex
            }
            for f in 0..<s.frameCount where s.times[f] >= seg.start && s.times[f] <= seg.end {
                labels[f] = s.times[f] < secondJab ? firstJab : label
            }
        }
        return labels
    }
}

/// Where the second jab of a double jab begins: the lowest point of the arm's extension between its two
/// highest extensions (the arm that moves most in the span; a 5-frame median against jitter and joints
/// that jump for a frame or two).
/// The extension is read in 3D and in the picture, each in torso lengths, and the one that moves more is
/// used: a monocular model's depth hardly follows a jab thrown at the camera, while the picture of a
/// side view hardly shows the depth of a jab thrown across it.
public enum SecondJab {
    /// How far the arm must come back between the two extensions, as a share of its whole range (the
    /// first jab of a double jab is only partly retracted).
    static let minimumDip = 0.1

    public static func onset(_ s: SkeletonSequence, from start: Double, to end: Double) -> Double? {
        let frames = (0..<s.frameCount).filter { s.times[$0] >= start && s.times[$0] <= end }
        guard frames.count >= 8 else { return nil }
        let flat = { (p: Vec3) in Vec3(p.x, p.y, 0) }
        var signals: [[Double]] = []
        for (unit, point) in [(s.hasBodyDepth ? s.torsoLength : 0, { (f: Int, j: Int) in s.worldPosition(frame: f, joint: j) }),
                              (s.imageTorsoLength, { (f: Int, j: Int) in flat(s.position(frame: f, joint: j)) })] where unit > 0 {
            for (wrist, shoulder) in [(Joint.leftWrist, Joint.leftShoulder), (.rightWrist, .rightShoulder)] {
                signals.append(frames.map { (point($0, wrist.rawValue) - point($0, shoulder.rawValue)).length / unit })
            }
        }
        // The spread between the 10th and 90th percentiles: a joint jumping for a frame or two (a glove
        // taken for a wrist) must not pick the signal.
        func spread(_ x: [Double]) -> Double { let o = x.sorted(); return o[o.count * 9 / 10] - o[o.count / 10] }
        guard let raw = signals.max(by: { spread($0) < spread($1) }) else { return nil }
        let e: [Double] = raw.indices.map { i in
            let window = raw[max(0, i - 2)...min(raw.count - 1, i + 2)].sorted()
            return window[window.count / 2]
        }
        // Local maxima, highest first; the two highest that have a dip between them.
        let peaks = e.indices.filter { i in i > 0 && i < e.count - 1 && e[i] >= e[i - 1] && e[i] > e[i + 1] }.sorted { e[$0] > e[$1] }
        guard let first = peaks.first else { return nil }
        let range = e.max()! - e.min()!
        for other in peaks.dropFirst() {
            let (a, b) = (min(first, other), max(first, other))
            guard let dip = (a...b).min(by: { e[$0] < e[$1] }), dip != a, dip != b else { continue }
            if min(e[a], e[b]) - e[dip] >= Self.minimumDip * range { return s.times[frames[dip]] }
        }
        return nil
    }
}

/// Finds the punch in a clip that says only "this is a jab": the span around the fastest wrist motion
/// (relative to the body) where either wrist moves faster than a quarter of that peak; spans closer than
/// 0.25 s are merged (the two jabs of a double jab).
public enum ActionLocator {
    public static func locate(_ s: SkeletonSequence) -> (start: Double, end: Double)? {
        guard s.frameCount > 4 else { return nil }
        let speed = WristSpeed.bodyRelative(s)
        guard let peak = speed.indices.max(by: { speed[$0] < speed[$1] }), speed[peak] > 0 else { return nil }
        let threshold = speed[peak] * 0.25
        var lo = peak, hi = peak
        func extend() {
            while lo > 0 && speed[lo - 1] > threshold { lo -= 1 }
            while hi < speed.count - 1 && speed[hi + 1] > threshold { hi += 1 }
        }
        extend()
        // Merge a neighbouring burst within 0.25 s.
        var merged = true
        while merged {
            merged = false
            let gap = Int(0.25 * 60)
            if let next = (hi + 1..<min(hi + gap, speed.count)).first(where: { speed[$0] > threshold }) { hi = next; extend(); merged = true }
            if let prev = (max(lo - gap, 0)..<lo).reversed().first(where: { speed[$0] > threshold }) { lo = prev; extend(); merged = true }
        }
        return (s.times[lo], s.times[hi])
    }
}

/// Wrist speeds of a canonical sequence.
public enum WristSpeed {
    /// Max of both wrists' speed relative to the mid-shoulder, in input units per second, per frame
    /// (central differences).
    public static func bodyRelative(_ s: SkeletonSequence) -> [Double] {
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        func rel(_ f: Int, _ w: Joint) -> Vec3 {
            s.worldPosition(frame: f, joint: w.rawValue) - (s.worldPosition(frame: f, joint: ls) + s.worldPosition(frame: f, joint: rs)) * 0.5
        }
        return (0..<s.frameCount).map { f in
            let a = max(f - 1, 0), b = min(f + 1, s.frameCount - 1)
            guard b > a else { return 0 }
            let dt = s.times[b] - s.times[a]
            return max((rel(b, .leftWrist) - rel(a, .leftWrist)).length, (rel(b, .rightWrist) - rel(a, .rightWrist)).length) / dt
        }
    }
}
