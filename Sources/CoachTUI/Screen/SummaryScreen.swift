import CoachStore
import Foundation

/// The end-of-workout summary: the mode's headline and lines, a table per punch type (count, lead
/// and rear, calls and accuracy, reaction, speed), where the workout was saved.
enum SummaryScreen {
    static func render(_ s: WorkoutSummary, width: Int, height: Int) -> ScreenBuffer {
        var b = ScreenBuffer(width: width, height: height)
        guard ScreenLayout.fits(width: width, height: height) else {
            CoachScreen.tooSmall(into: &b)
            return b
        }
        let title = Rect(x: 0, y: 0, width: width, height: 1)
        b.fill(title, " ", Style(.title, bold: true))
        b.text(" PunchCoach · workout summary · \(s.mode.rawValue) · \(Format.clock(s.seconds))", x: 0, y: 0, Style(.title, bold: true))
        var y = 2
        let word = s.tally.total > 0 ? "DONE" : "OVER"
        BigText.draw(word, into: &b, x: 3, y: y, scale: 2, Style(.good, bold: true))
        let tx = 3 + BigText.width(word, scale: 2) + 4
        b.text("\(s.tally.total) punches", x: tx, y: y, Style(.accent, bold: true))
        b.text(s.modeSummary.headline, x: tx, y: y + 2, Style(.normal), maxWidth: width - tx - 2)
        if let id = s.sessionId { b.text("session \(id) saved in \(Format.shortPath(s.databasePath ?? ""))", x: tx, y: y + 4, Style(.dim), maxWidth: width - tx - 2) }
        y += 7
        let table = Rect(x: 1, y: y, width: width - 2, height: min(s.tally.entries.count + 3, height - y - 2))
        b.box(table, title: "per punch")
        let cols = [("punch", 2), ("count", 16), ("lead/rear", 24), ("called", 36), ("accuracy", 45), ("reaction", 56), ("speed", 68)]
        for (name, x) in cols where x + name.count < table.width { b.text(name, x: table.x + x, y: table.y + 1, Style(.dim)) }
        var ty = table.y + 2
        for e in s.tally.entries where ty < table.maxY - 1 {
            let reaction = Format.mean(e.reactions)
            let speed = Format.mean(e.speeds)
            let accuracy = PromptScoring.accuracy(correct: e.correct, prompted: e.prompted)
            let cells: [(String, Int, Style)] = [
                (Format.name(e.label), 2, Style(e.count > 0 ? .accent : .dim, bold: e.count > 0)),
                ("\(e.count)", 16, Style(.accent)), ("\(e.lead)/\(e.rear)", 24, Style(.normal)),
                (e.prompted > 0 ? "\(e.prompted)" : "–", 36, Style(.normal)),
                (Format.percent(accuracy), 45, Style(accuracy.map { $0 >= 0.75 ? .good : $0 >= 0.5 ? .warn : .bad } ?? .dim)),
                (Format.ms(reaction), 56, Style(.normal)), (Format.speed(speed), 68, Style(.normal)),
            ]
            for (text, x, style) in cells where x + text.count < table.width { b.text(text, x: table.x + x, y: ty, style) }
            ty += 1
        }
        y = table.maxY + 1
        // Long lines (a command to copy) wrap at spaces, their continuation indented.
        for line in s.modeSummary.lines + s.extra {
            for (i, part) in Format.wrap(line, width: width - 8).enumerated() where y < height - 2 {
                b.text(part, x: i == 0 ? 3 : 5, y: y, line.contains("✗") ? Style(.bad) : Style(.normal), maxWidth: width - 6)
                y += 1
            }
        }
        let keys = "h history · q quit"
        b.fill(Rect(x: 0, y: height - 1, width: width, height: 1), " ", Style(.dim))
        b.text(keys, x: width - keys.count - 1, y: height - 1, Style(.accent))
        b.text(" every punch of this workout is saved", x: 0, y: height - 1, Style(.dim))
        return b
    }
}
