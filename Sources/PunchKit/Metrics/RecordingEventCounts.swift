/// One recording's event counts: the unit an event-level bootstrap resamples, since the events of one
/// recording (one person, one camera, one session) are alike.
/// Written into `evaluate --json` (`events.recordings`), so two models' events can be compared recording by
/// recording (`tools/recipe-compare` resamples them paired).
public struct RecordingEventCounts: Equatable, Sendable, Codable {
    /// The recording's name in its dataset (its file), empty when not known.
    public var recording: String
    public var truePositives, falsePositives, falseNegatives: Int
    public var seconds: Double

    public init(truePositives: Int, falsePositives: Int, falseNegatives: Int, seconds: Double, recording: String = "") {
        self.recording = recording
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.seconds = seconds
    }

    enum CodingKeys: String, CodingKey {
        case recording, truePositives = "true_positives", falsePositives = "false_positives", falseNegatives = "false_negatives", seconds
    }

    /// Event F1 of pooled counts: 2 TP / (2 TP + FP + FN); 1 when there was nothing to find and nothing was
    /// found, as `EventMatcher` scores it.
    static func f1(_ r: [RecordingEventCounts]) -> Double {
        let tp = r.reduce(0) { $0 + $1.truePositives }, rest = r.reduce(0) { $0 + $1.falsePositives + $1.falseNegatives }
        return 2 * tp + rest > 0 ? Double(2 * tp) / Double(2 * tp + rest) : 1
    }

    /// False events a minute of pooled counts.
    static func falsePerMinute(_ r: [RecordingEventCounts]) -> Double {
        let seconds = r.reduce(0) { $0 + $1.seconds }
        return seconds > 0 ? Double(r.reduce(0) { $0 + $1.falsePositives }) / (seconds / 60) : 0
    }

    /// 95 % percentile bootstrap intervals of the pooled event F1 and false events a minute, resampling whole
    /// recordings with replacement (a cluster bootstrap: Davison & Hinkley 1997, §3.8). Nil for fewer than two
    /// recordings, where there is nothing to resample.
    public static func intervals(_ recordings: [RecordingEventCounts], resamples: Int = 1000, level: Double = 0.95,
                                 seed: UInt64 = 1) -> (f1: ScoreInterval, falsePerMinute: ScoreInterval)? {
        guard recordings.count >= 2, resamples > 0 else { return nil }
        var rng = SeededRandom(seed: seed)
        var f1s: [Double] = [], rates: [Double] = []
        for _ in 0..<resamples {
            let sample = recordings.indices.map { _ in recordings[rng.int(0...(recordings.count - 1))] }
            f1s.append(f1(sample))
            rates.append(falsePerMinute(sample))
        }
        return (ScoreInterval.percentiles(f1s, level: level), ScoreInterval.percentiles(rates, level: level))
    }
}
