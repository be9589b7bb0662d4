import PoseVision
import PunchKit

/// A confusion matrix as a picture: rows truth, columns prediction, cell shade = row share, with counts.
enum ConfusionChart {
    static func draw(_ m: ConfusionMatrix, title: String, to path: String) throws {
        let n = m.labels.count
        let cell = 64.0, left = 130.0, top = 110.0
        // As wide as the grid, or as the title where it is longer (a real set's name and options).
        let titleWidth = Double(Canvas.textSize(title, scale: 1.1, thickness: 2).width) + 20
        let canvas = try Canvas(width: Int(max(left + cell * Double(n) + 30, titleWidth)), height: Int(top + cell * Double(n) + 40))
        canvas.text(title, 10, 28, scale: 1.1, .black, thickness: 2)
        canvas.text("predicted (columns)", left, 60, scale: 0.8, .grey)
        canvas.text("truth (rows)", 10, top - 40, scale: 0.8, .grey)
        for (i, label) in m.labels.enumerated() {
            canvas.text(short(label), left + cell * Double(i) + 4, top - 12, scale: 0.62, .black)
            canvas.text(label, 10, top + cell * Double(i) + cell / 2 + 6, scale: 0.7, .black)
            let support = max(m.support(i), 1)
            for j in 0..<n {
                let share = Double(m.counts[i][j]) / Double(support)
                let shade = UInt8(255 - min(1, share) * 200)
                let colour = i == j ? Canvas.Colour(shade, 255 - UInt8(Double(255 - shade) * 0.3), shade)
                                    : Canvas.Colour(255, shade, shade)
                let x = left + cell * Double(j), y = top + cell * Double(i)
                canvas.rect(x, y, cell - 2, cell - 2, m.counts[i][j] == 0 ? .white : colour)
                canvas.rect(x, y, cell - 2, cell - 2, .lightGrey, filled: false)
                if m.counts[i][j] > 0 {
                    let s = "\(m.counts[i][j])"
                    let w = Canvas.textSize(s, scale: 0.8).width
                    canvas.text(s, x + (cell - Double(w)) / 2 - 1, y + cell / 2 + 6, scale: 0.8, .black)
                }
            }
        }
        try canvas.write(to: path)
    }

    static func short(_ label: String) -> String { label.count > 8 ? String(label.prefix(7)) + "." : label }
}
