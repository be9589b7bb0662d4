import PunchKit

/// A picture of motions over time: one row per motion, stick figures at evenly spaced moments, drawn
/// from 3D world joints (metres, x right, y down, z away from the viewer) seen from the front and from
/// the side, with the wrists' paths traced so far. The boxer's left side is blue, the right side red.
public enum ContactSheet {
    public struct Row: Sendable {
        public var title: String
        public var subtitle: String
        /// Canonical (COCO-17) world joints of each moment to draw, left to right.
        public var frames: [[Vec3]]

        public init(title: String, subtitle: String = "", frames: [[Vec3]]) {
            self.title = title
            self.subtitle = subtitle
            self.frames = frames
        }
    }

    public enum View: Sendable {
        /// Looking at the boxer from the camera: horizontal = x.
        case front
        /// Looking from the boxer's right-hand side of the camera axis: horizontal = −z (towards the camera is right).
        case side

        func project(_ p: Vec3) -> (Double, Double) {
            switch self {
            case .front: return (p.x, p.y)
            case .side: return (-p.z, p.y)
            }
        }
    }

    static let bones: [(Joint, Joint)] = [
        (.leftShoulder, .rightShoulder), (.leftHip, .rightHip), (.leftShoulder, .leftHip), (.rightShoulder, .rightHip),
        (.leftShoulder, .leftElbow), (.leftElbow, .leftWrist), (.rightShoulder, .rightElbow), (.rightElbow, .rightWrist),
        (.leftHip, .leftKnee), (.leftKnee, .leftAnkle), (.rightHip, .rightKnee), (.rightKnee, .rightAnkle),
        (.nose, .leftEye), (.nose, .rightEye), (.leftEye, .leftEar), (.rightEye, .rightEar),
    ]

    /// Draws the rows (each twice: front view, then side view) and writes a PNG.
    public static func render(_ rows: [Row], to path: String, cellWidth: Int = 120, cellHeight: Int = 150) throws {
        let columns = rows.map(\.frames.count).max() ?? 1
        let titleWidth = 150
        let width = titleWidth + columns * cellWidth + 10
        let rowHeight = 2 * cellHeight + 16
        let height = 40 + rows.count * rowHeight
        let canvas = try Canvas(width: width, height: height)
        canvas.text("front view (upper) and side view (lower; the camera is to the right) - boxer's left blue, right red", 10, 26, scale: 0.5, .black)
        let scale = Double(cellHeight) / 2.2  // pixels per metre: 2.2 m fit a cell
        for (r, row) in rows.enumerated() {
            let top = 40 + r * rowHeight
            canvas.rect(0, Double(top), Double(width), 1, .lightGrey)
            canvas.text(row.title, 8, Double(top + cellHeight - 6), scale: 0.6, .black, thickness: 1)
            canvas.text(row.subtitle, 8, Double(top + cellHeight + 16), scale: 0.38, .grey)
            for (v, view) in [View.front, .side].enumerated() {
                let y0 = Double(top + 8 + v * cellHeight)
                canvas.text(v == 0 ? "front" : "side", 8, y0 + 16, scale: 0.38, .grey)
                for (i, joints) in row.frames.enumerated() {
                    let cx = Double(titleWidth + i * cellWidth + cellWidth / 2)
                    let cy = y0 + Double(cellHeight) * 0.48
                    func point(_ p: Vec3) -> (Double, Double) {
                        let q = view.project(p)
                        return (cx + q.0 * scale, cy + q.1 * scale)
                    }
                    // The wrists' paths up to this moment.
                    for (wrist, colour) in [(Joint.leftWrist, Canvas.Colour(160, 200, 240)), (.rightWrist, Canvas.Colour(240, 180, 170))] {
                        var previous: (Double, Double)?
                        for k in 0...i {
                            let p = point(row.frames[k][wrist.rawValue])
                            if let q = previous { canvas.line(q.0, q.1, p.0, p.1, colour, thickness: 1) }
                            previous = p
                        }
                    }
                    for (a, b) in bones {
                        let p = point(joints[a.rawValue]), q = point(joints[b.rawValue])
                        canvas.line(p.0, p.1, q.0, q.1, colour(a, b), thickness: 2)
                    }
                    for j in [Joint.leftWrist, .rightWrist] {
                        let p = point(joints[j.rawValue])
                        canvas.circle(p.0, p.1, radius: 3, j == .leftWrist ? .left : .right)
                    }
                    let head = point(joints[Joint.nose.rawValue])
                    canvas.circle(head.0, head.1, radius: 2.5, .centre)
                }
            }
        }
        try canvas.write(to: path)
    }

    static func colour(_ a: Joint, _ b: Joint) -> Canvas.Colour {
        let la = a.name.hasPrefix("left"), lb = b.name.hasPrefix("left")
        let ra = a.name.hasPrefix("right"), rb = b.name.hasPrefix("right")
        if la && lb { return .left }
        if ra && rb { return .right }
        if (la || a == .nose) && (lb || b == .nose) { return .left }
        if (ra || a == .nose) && (rb || b == .nose) { return .right }
        return .centre
    }
}
