import PunchKit

/// Draws the live skeleton into a panel: image coordinates when the frame has them (else world),
/// the body's bounding box fitted to the panel (smoothed, so the picture does not jump), bones as
/// braille lines — the boxer's left side and right side in different colours — gloves as discs, a
/// short trail behind each wrist, and the floor under the feet.
public final class SkeletonView {
    private var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    private var trails: [[(Double, Double)]] = [[], []]
    private var lastTime: Double?

    public init() {}

    static let bones: [(Joint, Joint, Palette)] = [
        (.leftShoulder, .rightShoulder, .centre), (.leftHip, .rightHip, .centre),
        (.leftShoulder, .leftHip, .left), (.rightShoulder, .rightHip, .right),
        (.leftShoulder, .leftElbow, .left), (.leftElbow, .leftWrist, .left),
        (.rightShoulder, .rightElbow, .right), (.rightElbow, .rightWrist, .right),
        (.leftHip, .leftKnee, .left), (.leftKnee, .leftAnkle, .left),
        (.rightHip, .rightKnee, .right), (.rightKnee, .rightAnkle, .right),
    ]

    /// The 2D points of a frame (x right, y down), nil for joints not seen.
    static func points(_ frame: SkeletonFrame) -> [(Double, Double)?] {
        let n = frame.positions.count
        let usable = (0..<n).filter { frame.confidences[$0] > 0.2 }
        let spread = usable.map { frame.positions[$0] }.reduce((0.0, 0.0)) { (max($0.0, abs($1.x)), max($0.1, abs($1.y))) }
        let useWorld = (spread.0 == 0 && spread.1 == 0) && frame.world != nil
        return (0..<n).map { j in
            guard frame.confidences[j] > 0.2 else { return nil }
            let p = useWorld ? frame.world![j] : frame.positions[j]
            return (p.x, p.y)
        }
    }

    public func draw(_ frame: SkeletonFrame?, into buffer: inout ScreenBuffer, rect: Rect) {
        guard rect.width >= 4, rect.height >= 3, let frame else { return }
        let pts = Self.points(frame)
        let seen = pts.compactMap { $0 }
        guard seen.count >= 4 else { return }
        // Bounding box of the body, padded; smoothed over frames.
        var b = (minX: seen.map(\.0).min()!, minY: seen.map(\.1).min()!, maxX: seen.map(\.0).max()!, maxY: seen.map(\.1).max()!)
        let h = max(b.maxY - b.minY, 1e-6)
        b.minX -= h * 0.25; b.maxX += h * 0.25; b.minY -= h * 0.12; b.maxY += h * 0.04
        if let old = box, let t = lastTime, frame.time - t < 1, frame.time >= t {
            // Grow at once (a punch must stay in the picture), shrink slowly.
            let k = 0.08
            b = (minX: min(b.minX, old.minX + (b.minX - old.minX) * k), minY: min(b.minY, old.minY + (b.minY - old.minY) * k),
                 maxX: max(b.maxX, old.maxX + (b.maxX - old.maxX) * k), maxY: max(b.maxY, old.maxY + (b.maxY - old.maxY) * k))
        } else {
            trails = [[], []]
        }
        box = b
        lastTime = frame.time

        var canvas = BrailleCanvas(columns: rect.width, rows: rect.height)
        let sx = Double(canvas.dotWidth - 2) / (b.maxX - b.minX)
        let sy = Double(canvas.dotHeight - 2) / (b.maxY - b.minY)
        let s = min(sx, sy)  // braille dots are about square
        let ox = (Double(canvas.dotWidth) - (b.maxX - b.minX) * s) / 2
        let oy = Double(canvas.dotHeight - 1) - (b.maxY - b.minY) * s
        func map(_ p: (Double, Double)) -> (Double, Double) { (ox + (p.0 - b.minX) * s, oy + (p.1 - b.minY) * s) }

        // Floor under the lower ankle.
        let ankles = [Joint.leftAnkle, .rightAnkle].compactMap { pts[$0.rawValue] }
        if let foot = ankles.map(\.1).max() {
            let y = map((0, foot)).1 + 2
            let xs = ankles.map { map($0).0 }
            let mid = xs.reduce(0, +) / Double(xs.count)
            let half = Double(canvas.dotWidth) * 0.35
            var x = max(0, mid - half)
            while x < min(Double(canvas.dotWidth), mid + half) { canvas.dot(Int(x), Int(y), .dim); x += 2 }
        }
        // Wrist trails.
        for (k, w) in [Joint.leftWrist, .rightWrist].enumerated() {
            if let p = pts[w.rawValue] { trails[k].append(map(p)) } else { trails[k].removeAll() }
            if trails[k].count > 7 { trails[k].removeFirst() }
            for q in trails[k].dropLast() { canvas.dot(Int(q.0.rounded()), Int(q.1.rounded()), .dim) }
        }
        for (a, c, colour) in Self.bones {
            guard let p = pts[a.rawValue], let q = pts[c.rawValue] else { continue }
            canvas.line(map(p), map(q), colour)
        }
        // Neck and head.
        if let ls = pts[Joint.leftShoulder.rawValue], let rs = pts[Joint.rightShoulder.rawValue] {
            let neck = ((ls.0 + rs.0) / 2, (ls.1 + rs.1) / 2)
            let headPoints = [Joint.nose, .leftEye, .rightEye, .leftEar, .rightEar].compactMap { pts[$0.rawValue] }
            let shoulderWidth = hypot(ls.0 - rs.0, ls.1 - rs.1)
            let r = max(1.5, max(shoulderWidth * 0.32, h * 0.06) * s)
            var centre: (Double, Double)
            if headPoints.isEmpty {
                let m = map(neck)
                centre = (m.0, m.1 - r * 1.6)
            } else {
                let hp = (headPoints.map(\.0).reduce(0, +) / Double(headPoints.count), headPoints.map(\.1).reduce(0, +) / Double(headPoints.count))
                centre = map(hp)
            }
            let n = map(neck)
            let dx = centre.0 - n.0, dy = centre.1 - n.1
            let len = max(hypot(dx, dy), 1e-6)
            canvas.line(n, (centre.0 - dx / len * r, centre.1 - dy / len * r), .centre)
            canvas.circle(centre.0, centre.1, radius: r, .centre)
        }
        // Gloves.
        let glove = max(1.2, Double(canvas.dotHeight) / 40)
        if let p = pts[Joint.leftWrist.rawValue] { let m = map(p); canvas.disc(m.0, m.1, radius: glove, .left) }
        if let p = pts[Joint.rightWrist.rawValue] { let m = map(p); canvas.disc(m.0, m.1, radius: glove, .right) }
        canvas.draw(into: &buffer, x: rect.x, y: rect.y, bold: true)
    }
}

#if canImport(Glibc)
import Glibc
#endif
