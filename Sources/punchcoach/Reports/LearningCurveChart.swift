import PoseVision
import PunchModel

/// Loss and accuracy per epoch, training and validation, side by side.
enum LearningCurveChart {
    static func draw(_ history: [EpochStats], bestEpoch: Int, to path: String) throws {
        let canvas = try Canvas(width: 1000, height: 440)
        let losses = history.map(\.trainLoss) + history.compactMap(\.validationLoss)
        panel(canvas, x: 60, title: "loss", epochs: history.count, bestEpoch: bestEpoch, range: 0...max(losses.max() ?? 1, 1e-3),
              series: [("train", history.map(\.trainLoss), .right), ("validation", history.map { $0.validationLoss ?? .nan }, .left)])
        panel(canvas, x: 560, title: "accuracy / macro-F1", epochs: history.count, bestEpoch: bestEpoch, range: 0...1,
              series: [("train accuracy", history.map(\.trainAccuracy), .right),
                       ("validation accuracy", history.map { $0.validationAccuracy ?? .nan }, .left),
                       ("validation macro-F1 (frames)", history.map { $0.validationMacroF1 ?? .nan }, Canvas.Colour(40, 160, 60))])
        try canvas.write(to: path)
    }

    /// A series without a single value (validation, when nobody was held out) is left out, legend and all.
    static func panel(_ c: Canvas, x: Double, title: String, epochs: Int, bestEpoch: Int, range: ClosedRange<Double>,
                      series allSeries: [(String, [Double], Canvas.Colour)]) {
        let series = allSeries.filter { $0.1.contains(where: \.isFinite) }
        let y0 = 60.0, w = 400.0, h = 300.0
        c.text(title, x, 35, scale: 1, .black, thickness: 2)
        c.rect(x, y0, w, h, .lightGrey, filled: false)
        func px(_ e: Int) -> Double { x + w * Double(e - 1) / Double(max(epochs - 1, 1)) }
        func py(_ v: Double) -> Double { y0 + h - h * (v - range.lowerBound) / (range.upperBound - range.lowerBound) }
        for k in 0...4 {
            let v = range.lowerBound + (range.upperBound - range.lowerBound) * Double(k) / 4
            c.line(x, py(v), x + w, py(v), .lightGrey)
            c.text(String(format3: v), x - 55, py(v) + 5, scale: 0.6, .grey)
        }
        if bestEpoch > 0 { c.line(px(bestEpoch), y0, px(bestEpoch), y0 + h, .grey) }
        c.text("epoch 1", x, y0 + h + 20, scale: 0.6, .grey)
        c.text("\(epochs)", x + w - 15, y0 + h + 20, scale: 0.6, .grey)
        for (i, (name, values, colour)) in series.enumerated() {
            for e in 1..<max(values.count, 1) where values[e - 1].isFinite && values[e].isFinite {
                c.line(px(e), py(values[e - 1]), px(e + 1), py(values[e]), colour, thickness: 2)
            }
            if values.count == 1, values[0].isFinite { c.circle(px(1), py(values[0]), radius: 3, colour) }
            // Two legend entries a row, so that long names stay inside the panel.
            let lx = x + Double(i % 2) * 200, ly = y0 + h + 30 + Double(i / 2) * 20
            c.rect(lx, ly, 12, 12, colour)
            c.text(name, lx + 16, ly + 11, scale: 0.55, .black)
        }
    }
}
