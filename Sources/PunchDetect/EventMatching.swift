import PunchKit

/// Scores detected events against truth: a match has the same label and overlaps the truth event
/// once both are widened by `tolerance` seconds (±0.3 s); each truth event matches at most one
/// detection (greedy, closest centres first). Only punch labels count (idle periods in truth files are
/// states, not punches).
public struct EventScore: Sendable, Equatable, Codable {
    public var truePositives: Int
    public var falsePositives: Int
    public var falseNegatives: Int
    public var precision: Double
    public var recall: Double
    public var f1: Double
    /// |detected − truth| / truth, counting events (a double jab is one event).
    public var countError: Double
    /// Median of (emitted − truth end) over matches, in milliseconds.
    public var latencyMedianMs: Double?
    public var latenciesMs: [Double]
    /// Per truth label: (matched, total).
    public var perLabel: [String: [Int]]
    /// For missed truth events: what was detected around them instead (label counts).
    public var confusedWith: [String: [String: Int]]
    /// Length of the recordings scored, in minutes (when the caller gave it).
    public var minutes: Double?
    /// Detected punch events matching no truth event, per minute of recording: how often the coach would
    /// call a punch nobody threw. Precision hides it on sets with few punches in long stretches of guard.
    public var falsePerMinute: Double?
    /// 95 % intervals of `f1` and `falsePerMinute` over two or more recordings, resampled whole
    /// (`RecordingEventCounts.intervals`); nil for one.
    public var f1Interval: ScoreInterval?
    public var falsePerMinuteInterval: ScoreInterval?
    /// Each recording's own counts, when several were pooled (`DatasetEvaluator`): what the intervals resample.
    public var recordings: [RecordingEventCounts]?

    enum CodingKeys: String, CodingKey {
        case truePositives = "true_positives", falsePositives = "false_positives", falseNegatives = "false_negatives"
        case precision, recall, f1
        case countError = "count_error"
        case latencyMedianMs = "latency_median_ms"
        case latenciesMs = "latencies_ms"
        case perLabel = "per_label"
        case confusedWith = "confused_with"
        case minutes
        case falsePerMinute = "false_per_minute"
        case f1Interval = "f1_interval", falsePerMinuteInterval = "false_per_minute_interval"
        case recordings
    }
}

public enum EventMatcher {
    /// `seconds`: the total length of the recordings, for `falsePerMinute` (nil leaves it out). `merge`: label
    /// families scored as one, on both sides and in `punchLabels` (`LabelMerge`, `evaluate --merge`).
    public static func score(detected: [DetectedEvent], truth allTruth: [PunchEvent], punchLabels allPunchLabels: Set<String>,
                             merge: LabelMerge = LabelMerge(), tolerance: Double = 0.3, seconds: Double? = nil) -> EventScore {
        let punchLabels = Set(allPunchLabels.map(merge.map))
        let truth = allTruth.map { e in var e = e; e.label = merge.map(e.label); return e }.filter { punchLabels.contains($0.label) }
        let found = detected.map { d in var d = d; d.event.label = merge.map(d.event.label); return d }
            .filter { punchLabels.contains($0.event.label) }
        var pairs: [(gap: Double, t: Int, d: Int)] = []
        for (ti, t) in truth.enumerated() {
            for (di, d) in found.enumerated() where d.event.label == t.label {
                if d.event.start <= t.end + tolerance && d.event.end >= t.start - tolerance {
                    pairs.append((abs((d.event.start + d.event.end) / 2 - (t.start + t.end) / 2), ti, di))
                }
            }
        }
        pairs.sort { $0.gap < $1.gap }
        var truthUsed = Set<Int>(), foundUsed = Set<Int>()
        var latencies: [Double] = []
        for p in pairs where !truthUsed.contains(p.t) && !foundUsed.contains(p.d) {
            truthUsed.insert(p.t)
            foundUsed.insert(p.d)
            latencies.append((found[p.d].emittedAt - truth[p.t].end) * 1000)
        }
        var perLabel: [String: [Int]] = [:]
        var confused: [String: [String: Int]] = [:]
        for (ti, t) in truth.enumerated() {
            perLabel[t.label, default: [0, 0]][1] += 1
            if truthUsed.contains(ti) {
                perLabel[t.label]![0] += 1
            } else {
                let near = found.filter { $0.event.start <= t.end + tolerance && $0.event.end >= t.start - tolerance }
                let what = near.first?.event.label ?? "nothing"
                confused[t.label, default: [:]][what, default: 0] += 1
            }
        }
        let tp = truthUsed.count, fp = found.count - foundUsed.count, fn = truth.count - tp
        let precision = found.isEmpty ? (truth.isEmpty ? 1 : 0) : Double(tp) / Double(found.count)
        let recall = truth.isEmpty ? 1 : Double(tp) / Double(truth.count)
        let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
        let countError = truth.isEmpty ? Double(found.count) : abs(Double(found.count - truth.count)) / Double(truth.count)
        latencies.sort()
        let latencyMedian = median(latencies)
        return EventScore(truePositives: tp, falsePositives: fp, falseNegatives: fn, precision: precision, recall: recall, f1: f1,
                          countError: countError, latencyMedianMs: latencyMedian, latenciesMs: latencies, perLabel: perLabel,
                          confusedWith: confused, minutes: seconds.map { $0 / 60 },
                          falsePerMinute: seconds.flatMap { $0 > 0 ? Double(fp) / ($0 / 60) : nil })
    }
}
