import ArgumentParser
import Foundation
import PoseVision
import PunchDetect
import PunchKit
import PunchModel

struct ClassifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Turn a video, a skeleton CSV or a camera into a timeline of punch events.",
        discussion: """
            The input is streamed frame by frame exactly as the coach streams a camera. With --truth \
            (an event CSV) it scores the events: precision, recall, F1 (a match has the same label and \
            overlaps within ±0.3 s), count error, and latency (event emitted − punch end). Truth labels \
            in the file's own words are read as evaluate reads them (Jab, lead_hook; straight as a family).
            """)

    @Argument(help: "A video, a skeleton CSV, or camera:N.") var input: String
    @OptionGroup var modelOption: ModelOption
    @Option(help: "Write the events as CSV (start,end,label,hand,confidence,peak_speed).") var eventsOut: String?
    @Option(help: "Truth events (CSV) to score against.") var truth: String?
    @OptionGroup var stance: StanceOptions
    @Option(help: "Stop a camera after this many seconds.") var seconds: Double?
    @Option(help: "Write the smoothed class probabilities of every classified window (CSV: t, then one column a class).")
    var probabilitiesOut: String?
    @Option(help: "Write every run of punch probability the detector opened, and what became of it (CSV: start,end,label,punch_probability,label_probability,verdict: event, or the rules that dropped it).")
    var runsOut: String?
    @Flag(help: "Play a video as a camera delivers it: frames on the wall clock, those the pipeline cannot take in time dropped.")
    var live = false
    @OptionGroup var output: JSONOption

    func run() async throws {
        var spec = try InputSpec(input)
        if live { spec = try spec.live() }
        let source = try spec.open()
        let classifier = try modelOption.load()
        let truthEvents = try truth.map { try EventCSV.read(URL(fileURLWithPath: $0)) }
        var cfg = DetectorConfiguration()
        cfg.stance = stance.stance(for: source)
        let detector = PunchDetector(classifier: classifier, configuration: cfg)
        detector.positionsHaveDepth = source.positionsHaveDepth
        var trace = "t," + classifier.classes.joined(separator: ",") + "\n"
        var runs = "start,end,label,punch_probability,label_probability,verdict\n"
        if runsOut != nil {
            detector.onRunClosed = { r in
                runs += String(format: "%.4f,%.4f,", r.start, r.end) + r.label
                    + String(format: ",%.3f,%.3f,", r.punchProbability, r.labelProbability) + r.verdict + "\n"
            }
        }
        let result = try detector.stream(
            maxSeconds: seconds, next: source.nextFrame,
            onEvents: { events in if !output.json { for d in events { print(Self.line(d)) } } },
            onClassification: probabilitiesOut == nil ? nil : { t, p in
                trace += String(format: "%.4f", t) + "," + p.map { String(format: "%.3f", $0) }.joined(separator: ",") + "\n"
            })
        if let probabilitiesOut { try TextFileWriter.write(trace, to: URL(fileURLWithPath: probabilitiesOut)) }
        if let runsOut { try TextFileWriter.write(runs, to: URL(fileURLWithPath: runsOut)) }
        let events = result.events, frames = result.frames, duration = result.seconds, wall = result.processingSeconds
        if let eventsOut { try EventCSV.write(events.map(\.event), to: URL(fileURLWithPath: eventsOut)) }
        let liveFrames = (source as? BlazePoseSource).flatMap { LiveFrameCount($0.capture, processed: frames) }
        liveFrames?.log(input)
        let score = try truthEvents.map { try Self.score(events, against: $0, classes: classifier.classes, punchLabels: classifier.punchLabels) }
        if output.json {
            try JSONOutput.print(ClassifyJSON(seconds: duration, frames: frames, processingSeconds: wall, stance: detector.stance.rawValue,
                                              stanceReading: detector.stanceReading.rawValue,
                                              events: events.map(ClassifyJSON.Event.init), truth: score.map(ClassifyJSON.Truth.init),
                                              framesDelivered: liveFrames?.delivered, framesDropped: liveFrames?.dropped))
        } else {
            Log.info("\(events.count) events in \(String(format1: duration)) s of input (\(frames) frames, processed in \(String(format3: wall)) s); stance \(detector.stance.rawValue)"
                     + (detector.stanceReading == .assumed ? " (assumed: \(detector.depthSeen ? "no guard seen to read it from" : "2D keypoints cannot tell it"); --stance southpaw if the boxer leads with the right)" : ""))
            if let s = score {
                print("truth: precision \(String(format3: s.precision)) recall \(String(format3: s.recall)) F1 \(String(format3: s.f1)) "
                      + "count error \(String(format3: s.countError)) median latency \(s.latencyMedianMs.map { String(format1: $0) } ?? "–") ms "
                      + "(TP \(s.truePositives), FP \(s.falsePositives), FN \(s.falseNegatives))")
                for (label, missed) in s.confusedWith.sorted(by: { $0.key < $1.key }) {
                    print("  missed \(label): " + missed.sorted { $0.key < $1.key }.map { "\($0.value) as \($0.key)" }.joined(separator: ", "))
                }
            }
        }
    }

    /// The events scored against truth written in the set's own words (`TruthLabelReading`: `Jab`,
    /// `lead_hook` read as the classes; `straight` scored as a family on both sides), each reading on stderr.
    static func score(_ events: [DetectedEvent], against truth: [PunchEvent], classes: [String], punchLabels: [String]) throws -> EventScore {
        let reading = TruthLabelReading(labels: truth.map(\.label), classes: classes)
        for line in reading.lines { Log.info(line) }
        let readTruth = truth.map { e -> PunchEvent in var e = e; e.label = reading.read(e.label); return e }
        return EventMatcher.score(detected: events, truth: readTruth, punchLabels: Set(punchLabels), merge: try reading.merge())
    }

    static func line(_ d: DetectedEvent) -> String {
        let e = d.event
        let speed = String(format1: e.peakSpeed) + (d.speedInMetres ? " m/s" : " torso/s")
        return "\(String(format: "%8.2f", e.start)) s  \(e.hand.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) "
            + "\(e.label.padding(toLength: 11, withPad: " ", startingAt: 0)) \(String(format: "%.2f", e.confidence))  \(speed)"
    }
}

struct ClassifyJSON: Encodable {
    struct Event: Encodable {
        var start, end: Double
        var label, hand: String
        var confidence: Double
        var peakSpeed: Double
        var emittedAt: Double
        enum CodingKeys: String, CodingKey { case start, end, label, hand, confidence, peakSpeed = "peak_speed", emittedAt = "emitted_at" }
        init(_ d: DetectedEvent) {
            start = d.event.start; end = d.event.end; label = d.event.label; hand = d.event.hand.rawValue
            confidence = d.event.confidence; peakSpeed = d.event.peakSpeed; emittedAt = d.emittedAt
        }
    }
    struct Truth: Encodable {
        var precision, recall, f1, countError: Double
        var latencyMedianMs: Double?
        var truePositives, falsePositives, falseNegatives: Int
        var missed: [String: [String: Int]]
        enum CodingKeys: String, CodingKey {
            case precision, recall, f1, countError = "count_error", latencyMedianMs = "latency_median_ms"
            case truePositives = "true_positives", falsePositives = "false_positives", falseNegatives = "false_negatives", missed
        }
        init(_ s: EventScore) {
            precision = s.precision; recall = s.recall; f1 = s.f1; countError = s.countError; latencyMedianMs = s.latencyMedianMs
            truePositives = s.truePositives; falsePositives = s.falsePositives; falseNegatives = s.falseNegatives; missed = s.confusedWith
        }
    }
    var seconds: Double
    var frames: Int
    var processingSeconds: Double
    var stance: String
    /// given, read (from the body) or assumed (orthodox: nothing said it, as with 2D keypoints).
    var stanceReading: String
    var events: [Event]
    var truth: Truth?
    /// `--live`: frames the camera stand-in delivered, and those the pipeline missed.
    var framesDelivered: Int?
    var framesDropped: Int?
    enum CodingKeys: String, CodingKey {
        case seconds, frames, processingSeconds = "processing_seconds", stance, stanceReading = "stance_reading", events, truth
        case framesDelivered = "frames_delivered", framesDropped = "frames_dropped"
    }
}
