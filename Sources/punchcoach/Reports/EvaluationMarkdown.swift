import PunchDetect
import PunchKit

/// The Markdown of an evaluation: clip-level table and confusion matrix, misses, event scores.
enum EvaluationMarkdown {
    static func text(_ e: DatasetEvaluation, title: String, cameras: [CameraBreakdown.Group]? = nil,
                     views: [ViewBreakdown.Group]? = nil) -> String {
        var s = "## \(title)\n\n"
        s += "\(e.clips.count) clips of \(Set(e.clips.compactMap(\.subject)).count) subjects, classified one label a clip "
        s += "(the most confident punch event of the stream, else the likeliest of stance/idle).\n\n"
        let padded = e.clips.filter(\.padded).count
        if padded > 0 {
            s += "\(padded) clips shorter than the 2-s window were held still at both ends (first and last frame repeated).\n\n"
        }
        if e.stanceAssumed > 0 {
            s += "\(e.stanceAssumed) recordings were read as an orthodox boxer's: nothing said their stance (no `stance=`, "
            s += "no `--stance`) and they could not show it (2D keypoints cannot tell which foot leads; nor can a boxer who never raises a guard); "
            s += "`--stance southpaw` reads them the other way.\n\n"
        }
        if !e.merge.isEmpty {
            s += "Scored by family (truth and prediction alike): "
            s += e.merge.families.map { "\($0.name) = \($0.members.joined(separator: " | "))" }.joined(separator: "; ") + ".\n\n"
        }
        if !e.failures.isEmpty {
            s += "Not classified (\(e.failures.count)):\n\n" + e.failures.map { "- `\($0.name)`: \($0.message)" }.joined(separator: "\n") + "\n\n"
        }
        s += e.report.markdown() + "\n"
        if let interval = e.report.macroF1Interval() {
            s += "Macro-F1 95 % interval: \(rangeText(interval)) (1 000 bootstrap "
            s += "resamples of the clips within each true class; people are not resampled, so another set of people would "
            s += "spread wider).\n\n"
        }
        let misses = e.report.classes.filter { $0.support > 0 }.compactMap { c -> String? in
            let confusions = e.report.confusions(of: c.label)
            guard !confusions.isEmpty else { return nil }
            return "- \(c.label): " + confusions.map { "\($0.count) → \($0.label)" }.joined(separator: ", ")
        }
        if !misses.isEmpty { s += "Misses (truth: count → predicted):\n\n" + misses.joined(separator: "\n") + "\n\n" }
        if let ev = e.events {
            s += "### Events on \(e.recordings) long recordings\n\n"
            s += "| precision | recall | F1 | false events / min | count error | median latency (ms) | TP | FP | FN | minutes |\n"
            s += "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
            s += "| \(String(format3: ev.precision)) | \(String(format3: ev.recall)) | \(String(format3: ev.f1)) | "
            s += "\(ev.falsePerMinute.map { String(format3: $0) } ?? "–") | "
            s += "\(String(format3: ev.countError)) | \(ev.latencyMedianMs.map { String(format1: $0) } ?? "–") | "
            s += "\(ev.truePositives) | \(ev.falsePositives) | \(ev.falseNegatives) | \(ev.minutes.map { String(format3: $0) } ?? "–") |\n\n"
            if let f1 = ev.f1Interval, let rate = ev.falsePerMinuteInterval {
                s += "95 % intervals: event F1 \(rangeText(f1)), false events a minute \(rangeText(rate)) "
                s += "(1 000 bootstrap resamples of whole recordings).\n\n"
            }
        }
        s += runsSection(e)
        if let cameras { s += cameraSection(cameras) }
        if let views { s += viewSection(views) }
        return s
    }

    /// `--by-camera`: the clips per yaw bin × stance × selfie, each group's accuracy interval, and (with two groups or
    /// more; one group is the whole set) which groups are weaker than the rest beyond chance.
    static func cameraSection(_ cameras: [CameraBreakdown.Group]) -> String {
        let several = cameras.count > 1
        var s = "### By camera (yaw bins of \(Int(CameraBreakdown.binDegrees))°, stance, selfie view)\n\n"
        s += "Apparent yaw: the group's median `ApparentView` (read from the 2D shoulders), beside the yaw stated. "
        if several {
            s += "Accuracy interval: Wilson's, widened so that the \(cameras.count) groups' intervals hold together at "
            s += "\(Int(CameraBreakdown.familyLevel * 100)) % (Bonferroni, z = \(String(format: "%.2f", CameraBreakdown.intervalZ(groups: cameras.count)))): "
            s += "the lowest of many small groups is low by chance too.\n\n"
        } else {
            s += "Accuracy interval: Wilson's at 95 %; one group, so none to compare it with.\n\n"
        }
        s += "| yaw | stance | selfie | clips | macro-F1 | accuracy | accuracy interval | apparent yaw |\n"
        s += "|---|---|---|---:|---:|---:|---:|---:|\n"
        for g in cameras {
            s += "| \(yawText(g)) | \(g.stance ?? "unknown") | \(selfieText(g)) | \(g.clips) | \(String(format3: g.macroF1)) | "
            s += "\(String(format3: g.accuracy)) | \(g.accuracyInterval.map(rangeText) ?? "–") | "
            s += "\(g.apparentYaw.map { String(format1: $0) } ?? "–") |\n"
        }
        return s + (several ? chanceLines(cameras) : "") + "\n"
    }

    /// Which camera groups are weaker than the rest beyond chance, and the worst group against the worst that
    /// chance deals (only with two groups or more: one group is the whole set).
    static func chanceLines(_ cameras: [CameraBreakdown.Group]) -> String {
        var s = ""
        let weak = cameras.filter(\.weakerThanTheRest)
        s += "\nGroups weaker than the rest beyond chance (more of the set's misses than chance would deal them: Fisher's exact "
        s += "test, one-sided, below 5 % over the \(cameras.count) groups): "
        s += (weak.isEmpty ? "none" : weak.map { g in
            "\(yawText(g)) \(g.stance ?? "unknown") selfie \(selfieText(g)) (p = \(String(format: "%.1e", g.missesByChance)))"
        }.joined(separator: "; ")) + ".\n"
        if let chance = WorstGroupByChance(cameras) {
            s += "The worst group of \(WorstGroupByChance.minimumClips) clips or more reads accuracy \(String(format3: chance.observed)); "
            s += "the set's \(chance.misreads) misreads dealt at random over its clips give a worst group of "
            s += "\(String(format3: chance.median)) (median of 1 000 deals, 90 % within \(String(format3: chance.low))–\(String(format3: chance.high))), "
            s += "one as low in \(Int((chance.shareAsLow * 100).rounded())) % of them.\n"
        }
        return s
    }

    /// `--by-view`: the clips per apparent view, with each class's recall and the group's commonest misses.
    static func viewSection(_ views: [ViewBreakdown.Group]) -> String {
        var s = "### By apparent view (shoulder width over torso length in the picture, as yaw from square on)\n\n"
        s += "| view | clips | shoulders / torso | macro-F1 | accuracy | recall (clips) | commonest misses |\n"
        s += "|---|---:|---:|---:|---:|---|---|\n"
        for g in views {
            let name = g.yaw.map { "\(g.view) (\(Int($0.from))–\(Int($0.to))°)" } ?? g.view
            let recalls = g.report.classes.filter { $0.support > 0 }.map { "\($0.label) \(String(format3: $0.recall)) (\($0.support))" }
            let misses = g.report.classes.flatMap { c in g.report.confusions(of: c.label).map { (c.label, $0.label, $0.count) } }
                .sorted { $0.2 > $1.2 }.prefix(3).map { "\($0.0) → \($0.1) \($0.2)" }
            s += "| \(name) | \(g.clips) | \(g.shoulderRatio.map { String(format3: $0) } ?? "–") | \(String(format3: g.report.macroF1)) | "
            s += "\(String(format3: g.report.accuracy)) | \(recalls.joined(separator: ", ")) | \(misses.isEmpty ? "–" : misses.joined(separator: ", ")) |\n"
        }
        return s + "\n"
    }

    /// A camera group's yaw bin as the table writes it: `[-100, -80)`.
    static func yawText(_ g: CameraBreakdown.Group) -> String {
        g.yawMin.map { "[\(Int($0)), \(Int($0 + CameraBreakdown.binDegrees)))" } ?? "unknown"
    }

    static func selfieText(_ g: CameraBreakdown.Group) -> String { g.selfie.map { $0 ? "yes" : "no" } ?? "unknown" }

    /// An interval as the reports write it: `0.500–0.800`.
    static func rangeText(_ interval: ScoreInterval) -> String {
        "\(String(format3: interval.low))–\(String(format3: interval.high))"
    }

    /// What became of the detector's runs: per truth label of the clips, then the long recordings.
    static func runsSection(_ e: DatasetEvaluation) -> String {
        var rows = e.runsByTruth.sorted { $0.key < $1.key }.map { ("clips of \($0.key)", $0.value) }
        if e.recordings > 0 { rows.append(("long recordings", e.recordingRuns)) }
        guard rows.contains(where: { $0.1.runs > 0 }) else { return "" }
        let rules = ClosedRun.Rule.allCases
        var s = "### What became of the detector's runs\n\n"
        s += "A run opens where the probability of a punch rises; it becomes an event or a rule drops it (a run dropped by "
        s += "two rules counts under both; `classify --runs-out` lists them one by one).\n\n"
        s += "| | runs | events | " + rules.map(\.rawValue).joined(separator: " | ") + " |\n"
        s += "|---|---:|---:|" + rules.map { _ in "---:|" }.joined() + "\n"
        for (name, t) in rows {
            s += "| \(name) | \(t.runs) | \(t.events) | " + rules.map { "\(t.droppedBy[$0] ?? 0)" }.joined(separator: " | ") + " |\n"
        }
        return s + "\n"
    }
}
