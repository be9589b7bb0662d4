import CoachTUI
import Foundation
import PoseVision
import PunchDetect
import PunchModel
import PunchSynth

/// `bench --live VIDEO`: the coach's live path measured on the camera stand-in. The video is delivered on
/// the wall clock as a camera delivers it; the coach's capture thread reads it and runs the pose model,
/// and the coach loop (headless: free boxing, nothing stored) runs the detector and shows the punches.
/// Nothing is faked or sped up, so the figures are those of this machine now, load included.
struct LiveBench {
    var video: String
    var model: String?
    /// Stop after this many seconds (nil: the whole video).
    var seconds: Double?

    func run() throws -> LiveBenchReport {
        let spec = InputSpec.liveVideo(URL(fileURLWithPath: video))
        guard FileManager.default.fileExists(atPath: video), let source = try BlazePoseSource.open(spec) else {
            throw CLIError("\(video): no such file; give bench --live a video")
        }
        let poseTimes = PoseTimes()
        source.poseTimes = poseTimes
        let classifier = try ModelLocation.load(model)
        let session = CoachSession(source: source, detector: PunchDetector(classifier: classifier), mode: FreeMode(),
                                   recorder: try WorkoutRecorder(store: nil), options: .init(maxSeconds: seconds))
        let sampler = ThreadCPUSampler()
        let loopThread = ThreadCPUSampler.currentThreadID
        let started = SessionClock.monotonic()
        let app = CoachApp(session: session, clock: SessionClock(), options: .init(exitWhenDone: true))
        _ = try app.runHeadless { Log.info("bench: \($0)") }
        let wall = SessionClock.monotonic() - started
        let frames = LiveFrameCount(source.capture, processed: session.framesProcessed)
        let late = source.capture.stats.late
        session.finish()
        try session.close()
        let threads = sampler.stop()

        let info = source.capture.info
        let pose = poseTimes.milliseconds
        let latencies = session.shownPunches.map(\.latencyMs)
        return LiveBenchReport(
            video: video, width: info.width, height: info.height, fps: info.fps, seconds: wall,
            framesDelivered: frames?.delivered ?? 0, framesProcessed: session.framesProcessed, framesDropped: frames?.dropped ?? 0,
            framesLate: late,
            poseMsMedian: .init(pose.isEmpty ? nil : percentile(pose, 50)), poseMsP95: .init(pose.isEmpty ? nil : percentile(pose, 95)),
            captureToEventMsMedian: .init(latencies.isEmpty ? nil : percentile(latencies, 50)),
            captureToEventMsP95: .init(latencies.isEmpty ? nil : percentile(latencies, 95)),
            events: session.shownPunches.map {
                .init(start: $0.start, label: $0.label, hand: $0.hand.rawValue, confidence: $0.confidence, captureToEventMs: $0.latencyMs)
            },
            threads: Self.roles(threads, loopThread: loopThread).map { .init(name: $0.usage.name, role: $0.role, cpuShare: $0.usage.cpuSeconds / wall) },
            cpuShareTotal: threads.reduce(0) { $0 + $1.cpuSeconds } / wall)
    }

    /// What each thread (busiest first) does, from the name it gave itself. OpenCV's workers take the
    /// name of the thread that started them, so the capture thread is the busiest `pc-capture` (it
    /// runs the serial part of the pose model as well as its share of the parallel part).
    static func roles(_ threads: [ThreadCPUSampler.Usage], loopThread: Int?) -> [(usage: ThreadCPUSampler.Usage, role: String)] {
        var captureSeen = false
        return threads.map { t in
            if t.tid == loopThread { return (t, "coach loop: detector, workout, view") }
            switch t.name {
            case "pc-camera": return (t, "camera stand-in: decodes the video on the clock")
            case "pc-capture" where !captureSeen:
                captureSeen = true
                return (t, "capture: takes the newest frame, runs the pose model")
            case "pc-capture": return (t, "OpenCV worker of the pose model")
            default: return (t, "other: Swift runtime, OpenCV workers")
            }
        }
    }
}

/// What `bench --live` prints. Keys of `--json` the checks read: `frames_delivered`, `frames_processed`,
/// `frames_dropped`, `pose_ms_median`, `pose_ms_p95`, `capture_to_event_ms_median`,
/// `capture_to_event_ms_p95` (null without events), `events`.
struct LiveBenchReport: Encodable {
    /// A number or JSON null (the key is always there).
    struct OrNull: Encodable {
        var value: Double?
        init(_ value: Double?) { self.value = value }
        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            if let value { try c.encode(value) } else { try c.encodeNil() }
        }
    }
    struct Event: Encodable {
        var start: Double
        var label, hand: String
        var confidence: Double
        var captureToEventMs: Double
        enum CodingKeys: String, CodingKey { case start, label, hand, confidence, captureToEventMs = "capture_to_event_ms" }
    }
    struct ThreadShare: Encodable {
        var name, role: String
        /// CPU seconds over wall seconds (1 = one core all the time).
        var cpuShare: Double
        enum CodingKeys: String, CodingKey { case name, role, cpuShare = "cpu_share" }
    }

    var video: String
    var width, height: Int
    var fps: Double
    /// Wall seconds of the run.
    var seconds: Double
    var framesDelivered, framesProcessed, framesDropped, framesLate: Int
    var poseMsMedian, poseMsP95, captureToEventMsMedian, captureToEventMsP95: OrNull
    var events: [Event]
    var threads: [ThreadShare]
    var cpuShareTotal: Double

    enum CodingKeys: String, CodingKey {
        case video, width, height, fps, seconds, events, threads
        case framesDelivered = "frames_delivered", framesProcessed = "frames_processed", framesDropped = "frames_dropped"
        case framesLate = "frames_late", poseMsMedian = "pose_ms_median", poseMsP95 = "pose_ms_p95"
        case captureToEventMsMedian = "capture_to_event_ms_median", captureToEventMsP95 = "capture_to_event_ms_p95"
        case cpuShareTotal = "cpu_share_total"
    }

    /// The report for people.
    var lines: [String] {
        func ms(_ v: OrNull) -> String { v.value.map { String(format1: $0) } ?? "–" }
        var out = [
            "live: \(video), \(width)x\(height) at \(String(format1: fps)) fps, \(String(format1: seconds)) s on the wall clock",
            "frames: \(framesDelivered) delivered, \(framesProcessed) processed, \(framesDropped) dropped"
                + (framesLate > 0 ? " (\(framesLate) decoded late by the stand-in itself)" : ""),
            "pose: \(ms(poseMsMedian)) ms median, \(ms(poseMsP95)) ms p95",
            "capture→event: \(ms(captureToEventMsMedian)) ms median, \(ms(captureToEventMsP95)) ms p95; events: \(events.count)",
        ]
        for e in events {
            out.append("  \(String(format: "%7.2f", e.start)) s  \(e.hand) \(e.label)  \(String(format1: e.captureToEventMs)) ms")
        }
        out.append("CPU share of each thread (1 = a whole core), total \(String(format: "%.2f", cpuShareTotal)):")
        for t in threads where t.cpuShare >= 0.005 {
            out.append("  \(String(format: "%.2f", t.cpuShare))  \(t.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(t.role)")
        }
        return out
    }
}
