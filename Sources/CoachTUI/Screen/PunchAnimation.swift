import PunchKit

/// The small stick figure of the mode panel that shows the called punches, one after the other,
/// then loops: a 3D boxer in guard seen three-quarters on, so straight punches reach forward, hooks
/// swing out and round, uppercuts come up from below.
public enum PunchAnimation {
    typealias P3 = (x: Double, y: Double, z: Double)

    struct Pose {
        var lShoulder: P3, rShoulder: P3, lElbow: P3, lHand: P3, rElbow: P3, rHand: P3
    }

    static let guardPose = Pose(lShoulder: (-0.18, 1.4, 0.05), rShoulder: (0.18, 1.4, -0.05),
                                lElbow: (-0.22, 1.12, 0.2), lHand: (-0.12, 1.45, 0.3),
                                rElbow: (0.22, 1.1, 0.1), rHand: (0.1, 1.5, 0.22))

    /// The pose at the peak of `punch` (orthodox).
    static func peak(_ punch: CalledPunch) -> Pose {
        var p = guardPose
        let label = PunchLabel(rawValue: punch.label)
        let rear = punch.hand == .rear || label?.impliedHand == .rear
        if rear { p.rShoulder = (0.1, 1.4, 0.14); p.lShoulder = (-0.2, 1.4, -0.04) }
        switch (label, rear) {
        case (.jab, _), (.doubleJab, _):
            p.lElbow = (-0.12, 1.4, 0.4); p.lHand = (-0.05, 1.45, 0.72)
        case (.cross, _):
            p.rElbow = (0.05, 1.42, 0.46); p.rHand = (-0.03, 1.45, 0.8)
        case (.hook, false):
            p.lShoulder = (-0.14, 1.4, 0.12)
            p.lElbow = (-0.45, 1.38, 0.22); p.lHand = (-0.12, 1.42, 0.5)
        case (.hook, true):
            p.rElbow = (0.45, 1.38, 0.2); p.rHand = (0.1, 1.42, 0.5)
        case (.uppercut, false):
            p.lElbow = (-0.16, 1.02, 0.3); p.lHand = (-0.08, 1.56, 0.42)
        case (.uppercut, true):
            p.rElbow = (0.12, 1.02, 0.26); p.rHand = (0.0, 1.56, 0.42)
        default:
            break
        }
        return p
    }

    static let punchSeconds = 0.55
    static let gapSeconds = 0.2
    static let holdSeconds = 0.7

    /// Which punch of `punches` is shown at `elapsed` seconds, and how far out it is (0 guard … 1 peak).
    public static func phase(_ punches: [CalledPunch], elapsed: Double) -> (index: Int, extension: Double) {
        let cycle = Double(punches.count) * (punchSeconds + gapSeconds) + holdSeconds
        var t = elapsed.truncatingRemainder(dividingBy: cycle)
        if t < 0 { t += cycle }
        for i in punches.indices {
            let jabs = PunchLabel.punchesPerEvent(punches[i].label)
            let length = punchSeconds * Double(jabs)
            if t < length {
                var u = t / length
                if jabs > 1 { u = (u * Double(jabs)).truncatingRemainder(dividingBy: 1) }
                // Fast out (35 %), slower back.
                let e = u < 0.35 ? sin(u / 0.35 * Double.pi / 2) : cos((u - 0.35) / 0.65 * Double.pi / 2)
                return (i, e)
            }
            t -= length + gapSeconds
            if t < 0 { return (i, 0) }
        }
        return (max(0, punches.count - 1), 0)
    }

    /// Draws the figure into `rect` (best about 14 × 7 cells).
    public static func draw(_ punches: [CalledPunch], elapsed: Double, southpaw: Bool, into buffer: inout ScreenBuffer, rect: Rect) {
        guard !punches.isEmpty, rect.width >= 6, rect.height >= 4 else { return }
        let (i, e) = phase(punches, elapsed: elapsed)
        let peakPose = peak(punches[i])
        func mix(_ a: P3, _ b: P3) -> P3 { (a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e, a.z + (b.z - a.z) * e) }
        let g = guardPose
        let pose = Pose(lShoulder: mix(g.lShoulder, peakPose.lShoulder), rShoulder: mix(g.rShoulder, peakPose.rShoulder),
                        lElbow: mix(g.lElbow, peakPose.lElbow), lHand: mix(g.lHand, peakPose.lHand),
                        rElbow: mix(g.rElbow, peakPose.rElbow), rHand: mix(g.rHand, peakPose.rHand))
        var canvas = BrailleCanvas(columns: rect.width, rows: rect.height)
        // Three-quarter view: the boxer faces right and a little towards the viewer.
        let yaw = 0.95
        let scale = Double(canvas.dotHeight - 2) / 1.85
        let mirror = southpaw ? -1.0 : 1.0
        func project(_ p: P3) -> (Double, Double) {
            let x = p.x * mirror
            let sx = p.z * sin(yaw) + x * cos(yaw)
            return (Double(canvas.dotWidth) * 0.38 + sx * scale, Double(canvas.dotHeight - 1) - p.y * scale)
        }
        let lHip: P3 = (-0.1, 0.95, 0.03), rHip: P3 = (0.1, 0.95, -0.03)
        let lKnee: P3 = (-0.15, 0.5, 0.2), rKnee: P3 = (0.15, 0.5, -0.15)
        let lFoot: P3 = (-0.15, 0.0, 0.3), rFoot: P3 = (0.2, 0.0, -0.25)
        let left: Palette = .left, right: Palette = .right
        let segments: [(P3, P3, Palette)] = [
            (rHip, rKnee, right), (rKnee, rFoot, right), (pose.rShoulder, rHip, right),
            (pose.rShoulder, pose.rElbow, right), (pose.rElbow, pose.rHand, right),
            (pose.lShoulder, pose.rShoulder, .centre), (lHip, rHip, .centre),
            (lHip, lKnee, left), (lKnee, lFoot, left), (pose.lShoulder, lHip, left),
            (pose.lShoulder, pose.lElbow, left), (pose.lElbow, pose.lHand, left),
        ]
        for (a, b, c) in segments { canvas.line(project(a), project(b), c) }
        let neck = project(((pose.lShoulder.x + pose.rShoulder.x) / 2, 1.42, (pose.lShoulder.z + pose.rShoulder.z) / 2))
        let head = project((0, 1.62, 0.02))
        canvas.line(neck, (head.0, head.1 + 0.11 * scale), .centre)
        canvas.circle(head.0, head.1, radius: max(1.5, 0.11 * scale), .centre)
        let lh = project(pose.lHand), rh = project(pose.rHand)
        canvas.disc(lh.0, lh.1, radius: 1, left)
        canvas.disc(rh.0, rh.1, radius: 1, right)
        canvas.draw(into: &buffer, x: rect.x, y: rect.y, bold: true)
    }
}

#if canImport(Glibc)
import Glibc
#endif
