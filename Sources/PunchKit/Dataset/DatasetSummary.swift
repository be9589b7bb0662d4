/// Clips and seconds per label and per subject: what `train` and `evaluate` print first, so that a
/// user sees what the model is learning from.
public struct DatasetSummary: Sendable {
    public struct Row: Sendable, Equatable {
        public var key: String
        public var clips: Int
        public var seconds: Double
    }

    public var perLabel: [Row]
    public var perSubject: [Row]
    public var clips: Int
    public var seconds: Double
    public var ignored: [String]

    public init(_ d: Dataset) {
        var labels: [String: Row] = [:]
        var subjects: [String: Row] = [:]
        for clip in d.clips {
            if let label = clip.label {
                labels[label, default: Row(key: label, clips: 0, seconds: 0)].clips += 1
                labels[label]!.seconds += clip.duration
            }
            // Segments of long recordings count as clips of their label.
            if clip.label == nil {
                for s in clip.segments {
                    labels[s.label, default: Row(key: s.label, clips: 0, seconds: 0)].clips += 1
                    labels[s.label]!.seconds += s.duration
                }
            }
            let subject = clip.subject ?? "unknown"
            subjects[subject, default: Row(key: subject, clips: 0, seconds: 0)].clips += 1
            subjects[subject]!.seconds += clip.duration
        }
        perLabel = labels.values.sorted { $0.key < $1.key }
        perSubject = subjects.values.sorted { $0.key < $1.key }
        clips = d.clips.count
        seconds = d.clips.reduce(0) { $0 + $1.duration }
        ignored = d.ignored
    }

    public func text() -> String {
        func row(_ r: Row) -> String {
            r.key.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(r.clips).leftPadded(7) + String(format1: r.seconds).leftPadded(10)
        }
        var s = "label            clips   seconds\n" + perLabel.map(row).joined(separator: "\n")
        s += "\nsubject          clips   seconds\n" + perSubject.map(row).joined(separator: "\n")
        s += "\ntotal: \(clips) recordings, \(String(format1: seconds)) s"
        if !ignored.isEmpty { s += "\nignored (not skeleton CSV or video): " + ignored.joined(separator: ", ") }
        return s
    }
}

extension String {
    public init(format1 x: Double) {
        let r = (x * 10).rounded() / 10
        self = String(r)
    }

    public func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
