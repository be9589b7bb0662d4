import PoseVision

/// `--live`: the frames the camera stand-in delivered and those the pipeline processed; the rest were
/// dropped (missed in the capture's buffers, or still in them when the input stopped).
struct LiveFrameCount {
    var delivered: Int
    var processed: Int
    var dropped: Int { max(0, delivered - processed) }

    /// Nil unless `capture` is a live video.
    init?(_ capture: FrameCapture, processed: Int) {
        guard case .liveVideo = capture.kind, let delivered = capture.stats.delivered else { return nil }
        self.delivered = delivered
        self.processed = processed
    }

    /// The counts on stderr, for a command without `--json`'s fields.
    func log(_ name: String) {
        Log.info("\(name): live: \(delivered) frames delivered, \(processed) processed, \(dropped) dropped")
    }
}
