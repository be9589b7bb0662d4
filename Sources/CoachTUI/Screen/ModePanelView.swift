/// The mode's own panel: its title and progress, the callout or timer in big letters, the called
/// punches' animation, and the mode's lines.
enum ModePanelView {
    static func colour(_ tone: ModePanel.Tone) -> Palette {
        switch tone {
        case .neutral: return .accent
        case .call: return .warn
        case .work: return .good
        case .warn: return .warn
        case .rest: return .rest
        case .good: return .good
        case .bad: return .bad
        case .record: return .record
        }
    }

    static func draw(_ panel: ModePanel, now: Double, southpaw: Bool, into b: inout ScreenBuffer, rect: Rect) {
        let tone = colour(panel.tone)
        b.box(rect, title: panel.title, Style(.dim), titleStyle: Style(tone, bold: true))
        let inner = rect.inner
        guard inner.width > 4, inner.height > 2 else { return }
        var y = inner.y
        if let p = panel.progress {
            let w = inner.width - 2
            let filled = Int((min(1, max(0, p)) * Double(w)).rounded())
            b.text(String(repeating: "━", count: filled), x: inner.x + 1, y: y, Style(tone))
            b.text(String(repeating: "─", count: w - filled), x: inner.x + 1 + filled, y: y, Style(.dim))
        }
        y += 1
        // The animation, on the right, when a punch is called and there is room.
        var textArea = Rect(x: inner.x, y: y, width: inner.width, height: inner.maxY - y)
        if let anim = panel.animation, inner.width >= 40 {
            let h = min(13, max(5, textArea.height - 1))
            let w = min(20, h * 2)
            let r = Rect(x: inner.maxX - w - 1, y: y, width: w, height: h)
            PunchAnimation.draw(anim.punches, elapsed: now - anim.since, southpaw: southpaw, into: &b, rect: r)
            let (i, e) = PunchAnimation.phase(anim.punches, elapsed: now - anim.since)
            let name = anim.punches[i].description
            b.centred(name, in: Rect(x: r.x, y: 0, width: r.width, height: 1), y: min(r.maxY, inner.maxY - 1),
                      Style(e > 0.3 ? tone : .dim, bold: e > 0.3))
            textArea.width -= w + 2
        }
        // Big text: two sizes, or one punch a line, or plain.
        let lineRows = min(panel.lines.count, max(0, textArea.height - 3))
        let bigRows = textArea.height - lineRows
        if let big = panel.big, !big.isEmpty {
            let words = big.components(separatedBy: " – ")
            if BigText.width(big, scale: 2) <= textArea.width - 2 && bigRows >= 6 {
                BigText.draw(big, into: &b, x: textArea.x + (textArea.width - BigText.width(big, scale: 2)) / 2, y: y, scale: 2, Style(tone, bold: true))
                y += 6
            } else if BigText.width(big) <= textArea.width - 2 && bigRows >= 3 {
                BigText.draw(big, into: &b, x: textArea.x + (textArea.width - BigText.width(big)) / 2, y: y, Style(tone, bold: true))
                y += 4
            } else if words.count > 1 && words.allSatisfy({ BigText.width($0, scale: 2) <= textArea.width - 2 }) && bigRows >= words.count * 6 {
                for word in words {
                    BigText.draw(word, into: &b, x: textArea.x + (textArea.width - BigText.width(word, scale: 2)) / 2, y: y, scale: 2, Style(tone, bold: true))
                    y += 6
                }
            } else if words.count > 1 && words.allSatisfy({ BigText.width($0) <= textArea.width - 2 }) && bigRows >= words.count * 3 {
                for word in words {
                    BigText.draw(word, into: &b, x: textArea.x + (textArea.width - BigText.width(word)) / 2, y: y, Style(tone, bold: true))
                    y += 3
                }
                y += 1
            } else {
                b.centred(big, in: textArea, y: y, Style(tone, bold: true))
                y += 2
            }
        }
        for line in panel.lines where y < inner.maxY {
            let style: Style = line.hasPrefix("✗") ? Style(.bad) : line.hasPrefix("✓") ? Style(.good) : line.hasPrefix("»") ? Style(tone, bold: true) : Style(.normal)
            b.text(line, x: textArea.x + 1, y: y, style, maxWidth: textArea.width - 2)
            y += 1
        }
    }
}
