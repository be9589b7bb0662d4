import CoachStore
import Foundation

/// The History screen: one small chart per punch type — its count in each of the last sessions as
/// columns of block characters — with its totals (count, accuracy of calls, reaction, speed).
public enum HistoryScreen {
    public struct Data: Sendable {
        public var sessions: Int
        public var series: [PunchSeries]
        public var totals: [String: PunchStats]
        public var error: String?
    }

    /// Reads what the screen shows (a failure becomes a line on the screen, not a crash).
    public static func load(_ store: HistoryStore?, lastSessions: Int = 12) -> Data {
        guard let store else { return Data(sessions: 0, series: [], totals: [:], error: "no database (--db) in this workout") }
        do {
            let summary = try store.summary(lastSessions: lastSessions)
            // The summary's trends are the per-session series (same labels, order and sessions).
            let series = summary.punches.map { PunchSeries(label: $0.label, points: $0.trend) }
            var totals: [String: PunchStats] = [:]
            for p in summary.punches { totals[p.label] = p.total }
            return Data(sessions: summary.sessions, series: series, totals: totals, error: nil)
        } catch {
            return Data(sessions: 0, series: [], totals: [:], error: "\(error)")
        }
    }

    static let levels: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func render(_ d: Data, width: Int, height: Int) -> ScreenBuffer {
        var b = ScreenBuffer(width: width, height: height)
        guard ScreenLayout.fits(width: width, height: height) else {
            CoachScreen.tooSmall(into: &b)
            return b
        }
        b.fill(Rect(x: 0, y: 0, width: width, height: 1), " ", Style(.title, bold: true))
        b.text(" PunchCoach · history · \(d.sessions) sessions · punches per session, oldest → newest", x: 0, y: 0, Style(.title, bold: true))
        let keys = "h / esc back · q quit"
        b.fill(Rect(x: 0, y: height - 1, width: width, height: 1), " ", Style(.dim))
        b.text(keys, x: width - keys.count - 1, y: height - 1, Style(.accent))
        if let e = d.error { b.text(e, x: 2, y: 2, Style(.bad), maxWidth: width - 4) }
        let shown = d.series.filter { s in s.points.contains { $0.stats.count > 0 || $0.stats.prompted > 0 } }
        if shown.isEmpty && d.error == nil {
            b.text("no punches yet: box a workout and come back", x: 2, y: 2, Style(.dim))
            return b
        }
        // A grid of charts: two columns when wide enough.
        let columns = width >= 110 || shown.count * 5 > height - 2 ? 2 : 1
        let rows = Int((Double(shown.count) / Double(columns)).rounded(.up))
        let cellW = (width - 2) / columns
        let cellH = max(5, min(9, (height - 2) / max(1, rows)))
        for (i, s) in shown.enumerated() {
            let r = Rect(x: 1 + (i % columns) * cellW, y: 1 + (i / columns) * cellH, width: cellW, height: cellH)
            guard r.maxY <= height - 1 else { break }
            chart(s, totals: d.totals[s.label], into: &b, rect: r)
        }
        return b
    }

    static func chart(_ s: PunchSeries, totals: PunchStats?, into b: inout ScreenBuffer, rect: Rect) {
        let t = totals ?? PunchStats()
        b.box(rect, title: "\(Format.name(s.label)) · \(t.count)")
        let inner = rect.inner
        let infoWidth = min(30, max(20, inner.width / 2))
        let chartRect = Rect(x: inner.x + 1, y: inner.y, width: inner.width - infoWidth - 2, height: inner.height)
        let all = s.points.map { $0.stats.count }
        let barWidth = max(1, min(4, (chartRect.width + 1) / max(1, all.count) - 1))
        // The newest sessions that fit.
        let counts = Array(all.suffix(max(1, (chartRect.width + 1) / (barWidth + 1))))
        let top = max(1, counts.max() ?? 1)
        let h = chartRect.height - 1
        for (k, c) in counts.enumerated() {
            let x = chartRect.x + k * (barWidth + 1)
            guard x + barWidth <= chartRect.maxX else { break }
            let eighths = Int((Double(c) / Double(top) * Double(h * 8)).rounded())
            for row in 0..<h {
                let fill = min(8, max(0, eighths - row * 8))
                let ch = levels[fill]
                for dx in 0..<barWidth where ch != " " { b.put(ch, x: x + dx, y: chartRect.y + h - 1 - row, Style(k == counts.count - 1 ? .good : .bar)) }
            }
            let label = c > 99 ? "99+" : "\(c)"
            if barWidth >= label.count || (barWidth >= 2 && k == counts.count - 1) {
                b.text(label, x: x, y: chartRect.y + h, Style(.dim), maxWidth: barWidth + 1)
            }
        }
        let ix = inner.maxX - infoWidth
        let info = [
            ("thrown", "\(t.thrown)"),
            ("accuracy", Format.percent(t.accuracy) + (t.prompted > 0 ? " of \(t.prompted)" : "")),
            ("reaction", Format.ms(t.reactionMsMean)),
            ("speed", t.speedMean.map { Format.speed($0) } ?? t.speedTorsoMean.map { Format.speed($0, metres: false) } ?? "–"),
        ]
        for (i, (k, v)) in info.enumerated() where i < inner.height {
            b.text(k, x: ix, y: inner.y + i, Style(.dim))
            b.text(v, x: ix + 10, y: inner.y + i, Style(.accent), maxWidth: infoWidth - 10)
        }
    }
}
