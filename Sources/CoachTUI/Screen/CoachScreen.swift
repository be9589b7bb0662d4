import Foundation

/// Composes the coach screen from the view model: layout, panels, overlays. Holds the little state
/// drawing needs between frames (the skeleton's smoothed box and wrist trails).
public final class CoachScreen {
    private let skeleton = SkeletonView()

    public init() {}

    /// The coach screen at `width` × `height`; the "terminal too small" message below the minimum.
    public func render(_ vm: CoachViewModel, width: Int, height: Int, loopFPS: Double = 0, help: Bool = false) -> ScreenBuffer {
        var b = ScreenBuffer(width: width, height: height)
        guard ScreenLayout.fits(width: width, height: height) else {
            Self.tooSmall(into: &b)
            return b
        }
        let layout = ScreenLayout(width: width, height: height, classCount: vm.classes.count)
        TitleBar.draw(vm, into: &b, rect: layout.title)
        b.box(layout.skeleton, title: "you · \(vm.stance.rawValue)")
        skeleton.draw(vm.frame, into: &b, rect: layout.skeleton.inner)
        StateBanner.draw(vm, into: &b, rect: layout.skeleton)
        ProbabilityPanel.draw(vm, into: &b, rect: layout.probabilities)
        ModePanelView.draw(vm.panel, now: vm.now, southpaw: vm.stance == .southpaw, into: &b, rect: layout.mode)
        CountersPanel.draw(vm, into: &b, rect: layout.counters)
        PunchListPanel.draw(vm, into: &b, rect: layout.punches)
        StatusLine.draw(vm, loopFPS: loopFPS, into: &b, rect: layout.status)
        if help { HelpOverlay.draw(into: &b) }
        return b
    }

    public static func tooSmallMessage(width: Int, height: Int) -> String {
        "terminal too small: \(width)×\(height), need \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight)"
    }

    static func tooSmall(into b: inout ScreenBuffer) {
        let all = Rect(x: 0, y: 0, width: b.width, height: b.height)
        let message = tooSmallMessage(width: b.width, height: b.height)
        let y = b.height / 2
        if message.count <= b.width {
            b.centred(message, in: all, y: max(0, y - 1), Style(.warn, bold: true))
        } else {
            b.text("\(b.width)×\(b.height) < \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight)", x: 0, y: max(0, y - 1), Style(.warn, bold: true))
        }
        b.centred("enlarge the window · q quits", in: all, y: y + 1, Style(.dim))
    }
}

/// Keys and modes, over the screen.
enum HelpOverlay {
    static let lines: [(String, String)] = [
        ("q", "quit (everything shown is saved)"), ("space", "pause / go on"), ("h", "history: your punches over sessions"),
        ("e", "end the workout: summary"), ("s", "switch stance (orthodox / southpaw)"),
        ("?", "this help (any key closes it)"), ("", ""),
        ("free", "shadow-box; every punch is counted"), ("drill", "one punch, N reps, scored"),
        ("combo", "called combinations, adaptive"), ("rounds", "timed rounds and rests"),
        ("record", "record clips to train on yourself"),
    ]

    static func draw(into b: inout ScreenBuffer) {
        let w = min(60, b.width - 4), h = lines.count + 4
        let r = Rect(x: (b.width - w) / 2, y: max(1, (b.height - h) / 2), width: w, height: h)
        b.fill(r)
        b.box(r, title: "help", Style(.accent), titleStyle: Style(.warn, bold: true))
        for (i, (k, v)) in lines.enumerated() {
            b.text(k, x: r.x + 3, y: r.y + 2 + i, Style(.warn, bold: true))
            b.text(v, x: r.x + 12, y: r.y + 2 + i, Style(.normal), maxWidth: w - 14)
        }
    }
}
