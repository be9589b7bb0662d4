@testable import CoachTUI
import PunchDetect
import PunchKit
import Testing

/// The screens drawn into a buffer, read as text: no terminal needed.
@Suite struct ScreenTests {
    /// A boxer in guard, in image pixels (x right, y down).
    func guardFrame(time: Double = 1) -> SkeletonFrame {
        let points: [(Double, Double)] = [
            (640, 200), (630, 190), (650, 190), (620, 195), (660, 195),  // head
            (600, 260), (680, 260), (590, 330), (700, 330), (620, 230), (670, 225),  // arms
            (610, 420), (670, 420), (600, 520), (690, 520), (590, 620), (700, 620),  // legs
        ]
        return SkeletonFrame(time: time, positions: points.map { Vec3($0.0, $0.1, 0) },
                             confidences: Array(repeating: 0.9, count: 17))
    }

    func viewModel() -> CoachViewModel {
        var vm = CoachViewModel(mode: .combo, sourceName: "demo", sourceNote: "no camera found")
        vm.now = 12
        vm.frame = guardFrame()
        vm.state = .ok
        vm.classes = ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"]
        vm.probabilities = [0.05, 0.02, 0.81, 0.02, 0.02, 0.06, 0.02]
        vm.tally.prepare(["jab", "double_jab", "cross", "hook", "uppercut"])
        vm.tally.add(PunchEvent(start: 10, end: 10.3, label: "cross", hand: .rear, confidence: 0.9, peakSpeed: 6.2))
        vm.recent = [ShownPunch(id: 1, label: "cross", hand: .rear, start: 10, speed: 6.2, speedInMetres: true,
                                confidence: 0.9, latencyMs: 170, correct: true, reactionMs: 340, note: nil)]
        vm.panel = ModePanel(title: "COMBO 3/20", big: "JAB – CROSS", tone: .call,
                             animation: ([CalledPunch("jab"), CalledPunch("cross")], 11.5), lines: ["» jab – cross"], progress: 0.1)
        vm.sourceFPS = 30
        vm.latencyMs = 170
        vm.databasePath = "/tmp/h.sqlite"
        return vm
    }

    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func theCoachScreenHasEveryPanel(width: Int, height: Int) {
        let text = CoachScreen().render(viewModel(), width: width, height: height).text
        var parts = ["PunchCoach · combo", "source: demo (no camera found)", "classifier", "COMBO 3/20",
                     "last punches", "rear cross", "6.2 m/s", "punches · 1", "30 fps", "latency 170 ms", "q quit", "81%"]
        if width >= 100 { parts.append("340 ms") }  // the reaction needs a wider punch list
        for part in parts {
            #expect(text.contains(part), "\(width)×\(height) lacks \(part):\n\(text)")
        }
        // The callout in big letters (block characters) and the skeleton and animation in braille.
        #expect(text.contains("█") || text.contains("▀"))
        #expect(text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    /// A summary line longer than the screen (the command that fine-tunes on recorded clips) wraps at
    /// spaces: every word of it is on the screen, none cut.
    @Test func longSummaryLinesWrap() {
        let command = "7 clips in /home/boxer/Datasets/me — fine-tune your model on them: punchcoach train --from "
            + "/home/boxer/punchcoach/Weights/punch-classifier.model --data /home/boxer/Datasets/me --out /home/boxer/Datasets/me.model, "
            + "then coach --model /home/boxer/Datasets/me.model"
        let summary = WorkoutSummary(mode: .record, seconds: 46, tally: PunchTally(), modeSummary: ModeSummary(headline: "Recorded 7 clips"),
                                     sessionId: 1, databasePath: "/tmp/h.sqlite", extra: [command])
        let text = SummaryScreen.render(summary, width: 80, height: 24).text
        let words = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        for word in command.split(separator: " ").map(String.init) { #expect(words.contains(word), "\(word) is not on the screen:\n\(text)") }
        #expect(Format.wrap("a bb ccc", width: 4) == ["a bb", "ccc"])
        #expect(Format.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(Format.wrap("", width: 4) == [""])
    }

    @Test func belowTheMinimumOnlyTheMessage() {
        let b = CoachScreen().render(viewModel(), width: 60, height: 20)
        #expect(b.text.contains("terminal too small: 60×20, need 80×24"))
        #expect(!b.text.contains("classifier"))
        let tiny = CoachScreen().render(viewModel(), width: 12, height: 3)
        #expect(tiny.lines.count == 3 && tiny.lines.allSatisfy { $0.count == 12 })
    }

    @Test func statesAreShownOverTheSkeleton() {
        var vm = viewModel()
        vm.state = .guardDropped
        #expect(CoachScreen().render(vm, width: 100, height: 30).text.contains("guard dropped: hands up"))
        vm.state = .noPerson
        #expect(CoachScreen().render(vm, width: 100, height: 30).text.contains("no person in view"))
    }

    @Test func bigTextWidthsAndGlyphs() {
        #expect(BigText.width("JAB") == 11)
        #expect(BigText.width("2:31", scale: 2) == 2 * (3 + 1 + 3 + 3) + 3 * 2)
        var b = ScreenBuffer(width: 20, height: 5)
        BigText.draw("HI", into: &b, x: 0, y: 0, Style())
        #expect(b.lines[0].hasPrefix("█ █ ▀█▀"))
    }

    @Test func theAnimationReachesOutAndComesBack() {
        let punches = [CalledPunch("jab"), CalledPunch("cross")]
        #expect(PunchAnimation.phase(punches, elapsed: 0).extension < 0.05)
        let out = PunchAnimation.phase(punches, elapsed: 0.19)
        #expect(out.index == 0 && out.extension > 0.95)
        #expect(PunchAnimation.phase(punches, elapsed: 0.75 + 0.19).index == 1)
    }
}
