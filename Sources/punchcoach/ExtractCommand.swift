import ArgumentParser
import CoachTUI
import Foundation
import PoseVision
import PunchKit

struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Turn a video, an image or a camera into a skeleton CSV (BlazePose on OpenCV).",
        discussion: """
            Writes one row a frame: `# layout=blazepose33 units=px source=blazepose world=m fps=…`, the 33 \
            BlazePose joints (x, y in image pixels, z the model's depth in the same scale, c = visibility) and \
            their world coordinates in metres (hip-centred). Frames without a person have c = 0. A skeleton \
            CSV as INPUT is converted to the canonical COCO-17 layout. The person followed is the largest, \
            most central one; the track never jumps to someone else while that person stays in view. \
            A camera runs until --seconds have passed or Ctrl-C.
            """)

    @Argument(help: "A video, an image, camera:N, or a skeleton CSV.") var input: String
    @Option(help: "The skeleton CSV to write.") var out: String
    @Option(help: "Also write the skeleton drawn on the picture (.png: the image, or the video's clearest frame) or on every frame (.mp4).")
    var overlay: String?
    @Option(help: "OpenCV threads (default: every core).") var threads: Int?
    @Option(help: "Stop after this many seconds of input (a camera runs until Ctrl-C otherwise).") var seconds: Double?
    @Flag(help: "Do not smooth the landmarks over time (MediaPipe's one-euro filter).") var noSmoothing = false
    @Flag(help: "Play a video as a camera delivers it: frames on the wall clock, those the pipeline cannot take in time dropped.")
    var live = false
    @OptionGroup var output: JSONOption

    func run() async throws {
        var spec = try InputSpec(input)
        if live { spec = try spec.live() }
        if let overlay { try Self.checkOverlay(overlay, spec: spec) }
        // Checked before minutes of pose extraction (a camera runs until Ctrl-C), not after them.
        try OutputFile.check(out, option: "--out")
        if let overlay { try OutputFile.check(overlay, option: "--overlay") }
        if case .skeletons(let url) = spec {
            try convertSkeletons(url)
        } else if let source = try BlazePoseSource.open(spec, smoothing: !noSmoothing) {
            try extract(source)
        }
    }

    static func checkOverlay(_ path: String, spec: InputSpec) throws {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ["png", "jpg", "jpeg", "mp4", "avi"].contains(ext) else {
            throw CLIError("\(path): --overlay writes a picture (.png, .jpg) or a video (.mp4, .avi)")
        }
        if case .skeletons = spec { throw CLIError("--overlay needs a video, an image or a camera as INPUT, not a skeleton CSV") }
    }

    func extract(_ source: BlazePoseSource) throws {
        BlazePoseExtractor.setThreads(threads ?? 0)
        let outURL = URL(fileURLWithPath: out)
        let info = source.capture.info
        let progress = ProgressBar("extract", total: info.frameCount ?? 1, quiet: source.isRealTime || info.frameCount == nil)
        let overlayExt = overlay.map { URL(fileURLWithPath: $0).pathExtension.lowercased() }
        var writer: VideoWriter?
        var best: (presence: Double, frame: VideoFrame)?
        // Ctrl-C during a camera extraction ends it cleanly: the frames so far are written.
        TerminationSignals.installInterrupt()
        if source.capture.isCamera { Log.info("\(source.name): extracting\(seconds.map { " for \($0) s" } ?? " until Ctrl-C")") }
        let result: SkeletonExtraction
        do {
            result = try extractFrames(source, progress: progress, overlayExt: overlayExt, writer: &writer, best: &best)
        } catch {
            progress.interrupt()
            throw error
        }
        try writer?.close()
        let liveFrames = LiveFrameCount(source.capture, processed: result.sequence.frameCount)
        liveFrames?.log(source.name)
        if let overlay, let best { try best.frame.write(to: overlay) }
        progress.finish("\(result.sequence.frameCount) frames")
        guard result.sequence.frameCount > 0 else { throw CLIError("\(source.name): no frame could be read") }
        try SkeletonCSV.write(result.sequence, to: outURL)
        let fps = result.sequence.fps ?? 0
        let processingFPS = Double(result.sequence.frameCount) / max(result.seconds, 1e-9)
        if output.json {
            try JSONOutput.print(ExtractJSON(
                frames: result.sequence.frameCount, fps: fps, meanPresence: result.meanPresence, output: outURL.path,
                framesWithPerson: result.framesWithPerson, width: info.width, height: info.height, rotation: info.rotation,
                seconds: result.sequence.duration, processingSeconds: result.seconds,
                processingFPS: processingFPS, overlay: overlay, framesDelivered: liveFrames?.delivered, framesDropped: liveFrames?.dropped))
        } else {
            Log.info("\(out): \(result.sequence.frameCount) frames (\(result.framesWithPerson) with a person), mean presence "
                     + "\(String(format: "%.3f", result.meanPresence)), \(String(format: "%.1f", processingFPS)) frames/s")
        }
    }

    /// Every frame through the model; the overlay drawn and written on the way.
    func extractFrames(_ source: BlazePoseSource, progress: ProgressBar, overlayExt: String?, writer: inout VideoWriter?,
                       best: inout (presence: Double, frame: VideoFrame)?) throws -> SkeletonExtraction {
        let info = source.capture.info
        return try SkeletonExtraction.run(source, maxSeconds: seconds, shouldStop: { TerminationSignals.received != nil }) { frame, pose, index in
            progress.update(index + 1, pose.found ? "" : "(no person)")
            guard let overlay, let overlayExt else { return }
            frame.draw(pose)
            if overlayExt == "mp4" || overlayExt == "avi" {
                if writer == nil {
                    let fps = info.fps > 0 ? info.fps : 30
                    writer = try VideoWriter(path: overlay, width: frame.width, height: frame.height, fps: fps)
                }
                frame.drawLabel(String(format: "t %.2f s  presence %.2f", pose.time, pose.presence))
                try writer!.write(frame)
            } else {
                let presence = pose.found ? pose.presence : -1
                if best == nil || presence > best!.presence { best = (presence, frame) }
            }
        }
    }

    func convertSkeletons(_ url: URL) throws {
        let raw = try SkeletonCSV.read(url)
        let sequence = try raw.canonical(file: url.path)
        try SkeletonCSV.write(sequence, to: URL(fileURLWithPath: out))
        let frames = sequence.frameCount
        let meanConfidence = frames == 0 ? 0 : (0..<frames).map(sequence.meanConfidence(frame:)).reduce(0, +) / Double(frames)
        let fps = sequence.fps ?? (sequence.duration > 0 ? Double(frames - 1) / sequence.duration : 0)
        if output.json {
            try JSONOutput.print(ExtractJSON(frames: frames, fps: fps, meanPresence: meanConfidence, output: URL(fileURLWithPath: out).path,
                                             framesWithPerson: frames, width: nil, height: nil, rotation: nil, seconds: sequence.duration,
                                             processingSeconds: nil, processingFPS: nil, overlay: nil))
        } else {
            Log.info("\(out): \(frames) frames converted from \(raw.layout.name) to \(sequence.layout.name)")
        }
    }
}

struct ExtractJSON: Encodable {
    var frames: Int
    var fps: Double
    var meanPresence: Double
    var output: String
    var framesWithPerson: Int
    var width: Int?, height: Int?, rotation: Int?
    var seconds: Double
    var processingSeconds: Double?
    var processingFPS: Double?
    var overlay: String?
    /// `--live`: frames the camera stand-in delivered, and those the pose model missed.
    var framesDelivered: Int?
    var framesDropped: Int?
    enum CodingKeys: String, CodingKey {
        case frames, fps, meanPresence = "mean_presence", output, framesWithPerson = "frames_with_person", width, height, rotation
        case seconds, processingSeconds = "processing_seconds", processingFPS = "processing_fps", overlay
        case framesDelivered = "frames_delivered", framesDropped = "frames_dropped"
    }
}

