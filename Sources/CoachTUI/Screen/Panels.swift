import CoachStore
import Foundation
import PunchDetect
import PunchKit

/// The classifier's smoothed probabilities as bars, the most likely class highlighted.
enum ProbabilityPanel {
    static func draw(_ vm: CoachViewModel, into b: inout ScreenBuffer, rect: Rect) {
        b.box(rect, title: "classifier")
        let inner = rect.inner
        guard inner.width > 10 else { return }
        let best = vm.probabilities.indices.max { vm.probabilities[$0] < vm.probabilities[$1] }
        let labelWidth = min(11, max(6, inner.width * 2 / 5))
        let barWidth = inner.width - labelWidth - 6
        for (i, label) in vm.classes.enumerated() where i < inner.height {
            let p = i < vm.probabilities.count ? Double(vm.probabilities[i]) : 0
            let top = i == best && p > 0.3
            let y = inner.y + i
            b.text(Format.name(label), x: inner.x + 1, y: y, Style(top ? .accent : .normal, bold: top), maxWidth: labelWidth)
            let eighths = Int((p * Double(barWidth) * 8).rounded())
            var bar = String(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { bar.append(["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]) }
            b.text(String(repeating: "·", count: barWidth), x: inner.x + labelWidth + 1, y: y, Style(.dim))
            b.text(bar, x: inner.x + labelWidth + 1, y: y, Style(top ? .good : .bar, bold: top), maxWidth: barWidth)
            b.text(String(format: "%3d%%", Int((p * 100).rounded())), x: inner.maxX - 4, y: y, Style(top ? .accent : .dim))
        }
    }
}

/// Counts per punch type this workout: count, lead/rear, accuracy of calls.
enum CountersPanel {
    static func draw(_ vm: CoachViewModel, into b: inout ScreenBuffer, rect: Rect) {
        b.box(rect, title: "punches · \(vm.tally.total)")
        let inner = rect.inner
        guard inner.width > 12 else { return }
        let maxCount = max(1, vm.tally.entries.map(\.count).max() ?? 1)
        var y = inner.y
        let wide = inner.width >= 30
        for e in vm.tally.entries where y < inner.maxY {
            b.text(Format.name(e.label), x: inner.x + 1, y: y, Style(e.count > 0 ? .accent : .dim), maxWidth: 10)
            b.text(String(format: "%3d", e.count), x: inner.x + 11, y: y, Style(.accent, bold: true))
            var x = inner.x + 15
            if wide {
                let w = max(0, inner.maxX - x - 6)
                let n = Int((Double(e.count) / Double(maxCount) * Double(w)).rounded())
                b.text(String(repeating: "▪", count: n), x: x, y: y, Style(.bar), maxWidth: w)
                x += w + 1
            }
            if let acc = PromptScoring.accuracy(correct: e.correct, prompted: e.prompted) {
                b.text(String(format: "%3d%%", Int((acc * 100).rounded())), x: inner.maxX - 4, y: y,
                       Style(acc >= 0.75 ? .good : acc >= 0.5 ? .warn : .bad))
            }
            y += 1
        }
        if y + 1 < inner.maxY {
            let lead = vm.tally.entries.reduce(0) { $0 + $1.lead }, rear = vm.tally.entries.reduce(0) { $0 + $1.rear }
            b.text("lead \(lead) · rear \(rear)", x: inner.x + 1, y: y + 1, Style(.dim), maxWidth: inner.width - 2)
        }
    }
}

/// The last punches, newest first: verdict, hand and punch, speed, confidence, reaction.
enum PunchListPanel {
    static func draw(_ vm: CoachViewModel, into b: inout ScreenBuffer, rect: Rect) {
        b.box(rect, title: "last punches")
        let inner = rect.inner
        guard inner.width > 12 else { return }
        if vm.recent.isEmpty {
            b.text(vm.state == .ok ? "waiting for the first punch…" : "", x: inner.x + 1, y: inner.y, Style(.dim), maxWidth: inner.width - 2)
            return
        }
        for (i, p) in vm.recent.enumerated() where i < inner.height {
            let y = inner.y + i
            let fresh = vm.now - p.start < 2.5 && i == 0
            let mark: String, markStyle: Style
            switch p.correct {
            case .some(true): (mark, markStyle) = ("✓", Style(.good, bold: true))
            case .some(false): (mark, markStyle) = ("✗", Style(.bad, bold: true))
            case .none: (mark, markStyle) = ("•", Style(p.hand == .lead ? .left : .right))
            }
            let wide = inner.width >= 40
            let extra = p.reactionMs.map { "\(Int($0.rounded())) ms" } ?? p.note ?? ""
            let nameWidth = wide ? 16 : max(8, inner.width - 2 - 9 - 1)
            var x = inner.x + 1
            b.put(Character(mark), x: x, y: y, markStyle)
            x += 2
            let name = (p.hand == .none ? "" : p.hand.rawValue + " ") + Format.name(p.label)
            b.text(name, x: x, y: y, Style(fresh ? .accent : .normal, bold: fresh), maxWidth: nameWidth - 1)
            x += nameWidth
            let speed = String(format: "%4.1f", p.speed) + (p.speedInMetres ? " m/s" : " t/s")
            if x + speed.count <= inner.maxX { b.text(speed, x: x, y: y, Style(.normal)) }
            x += speed.count + 1
            if wide {
                b.text(String(format: "%3d%%", Int((p.confidence * 100).rounded())), x: x, y: y, Style(.dim))
                x += 5
            }
            if x + 2 < inner.maxX, !extra.isEmpty {
                b.text(extra, x: x, y: y, Style(p.correct == false ? .bad : .dim), maxWidth: inner.maxX - x)
            }
        }
    }
}

/// The top line: the app, the mode, the source, the stance, the workout's clock.
enum TitleBar {
    static func draw(_ vm: CoachViewModel, into b: inout ScreenBuffer, rect: Rect) {
        let style = Style(.title, bold: true)
        b.fill(rect, " ", style)
        var right = "\(vm.stance.rawValue)  \(Format.clock(vm.now)) "
        if vm.timeScale != 1 { right = "×\(Format.trim(vm.timeScale))  " + right }
        if vm.paused { right = "PAUSED  " + right }
        var left = " PunchCoach · \(vm.mode.rawValue)  ·  source: \(vm.sourceName)"
        if let note = vm.sourceNote, left.count + note.count + 3 + right.count < rect.width { left += " (\(note))" }
        b.text(left, x: rect.x, y: rect.y, style, maxWidth: rect.width - right.count - 1)
        b.text(right, x: rect.maxX - right.count, y: rect.y, style)
    }
}

/// The bottom line: frames a second of the source, the classifier's rate and cost, the latency of
/// the last punch, the database, the keys.
enum StatusLine {
    static func draw(_ vm: CoachViewModel, loopFPS: Double, into b: inout ScreenBuffer, rect: Rect) {
        b.fill(rect, " ", Style(.dim))
        var parts = [String(format: "%.0f fps", vm.sourceFPS),
                     String(format: "model %.0f Hz %.1f ms", vm.classifierHz, vm.detectorMs),
                     "latency " + (vm.latencyMs.map { "\(Int($0.rounded())) ms" } ?? "–"),
                     String(format: "screen %.0f fps", loopFPS)]
        if let db = vm.databasePath { parts.append("db " + Format.shortPath(db)) }
        // The stance key where there is room for it beside the latency (the help lists it anyway).
        let keys = rect.width >= 100 ? "? help  s stance  h history  q quit" : "? help  h history  q quit"
        // As many parts as fit beside the keys, in order of importance.
        var text = ""
        for part in parts {
            let next = text.isEmpty ? " " + part : text + " · " + part
            if next.count <= rect.width - keys.count - 2 { text = next }
        }
        b.text(text, x: rect.x, y: rect.y, Style(.dim))
        b.text(keys, x: rect.maxX - keys.count - 1, y: rect.y, Style(.accent))
    }
}

/// What the detector says about the picture, over the skeleton: no person, low confidence, guard dropped.
enum StateBanner {
    static func draw(_ vm: CoachViewModel, into b: inout ScreenBuffer, rect: Rect) {
        let inner = rect.inner
        var message: String?
        var colour: Palette = .warn
        switch vm.state {
        case .ok: message = nil
        case .noPerson: message = "✗ " + vm.state.message; colour = .bad
        case .lowConfidence: message = "! " + vm.state.message
        case .guardDropped: message = "! " + vm.state.message
        }
        if vm.frame == nil { message = "waiting for \(vm.sourceName)…"; colour = .dim }
        if vm.sourceEnded { message = "input ended"; colour = .dim }
        if vm.paused { message = "paused: space to go on"; colour = .warn }
        guard let message else { return }
        b.fill(Rect(x: inner.x, y: inner.maxY - 1, width: inner.width, height: 1), " ", Style(colour, reverse: true))
        b.centred(message, in: inner, y: inner.maxY - 1, Style(colour, bold: true, reverse: true))
    }
}

extension Format {
    static func trim(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%.2g", x)
    }

    /// `~/…` for paths in the home directory.
    static func shortPath(_ path: String) -> String {
        if let home = ProcessInfoHome.home, path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
        return path
    }
}

enum ProcessInfoHome {
    static let home: String? = {
        guard let h = getenv("HOME") else { return nil }
        let s = String(cString: h)
        return s.isEmpty ? nil : s
    }()
}

#if canImport(Glibc)
import Glibc
#endif
