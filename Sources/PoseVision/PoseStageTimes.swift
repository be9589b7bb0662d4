import CVBridge

/// Where one frame's pose time went, in milliseconds, as the shim measured it (steady clock around each
/// stage). Used by `bench --pose-video` to say what stands between the extractor and 60 fps.
public struct PoseStageTimes: Sendable, Equatable {
    /// The person detector (letterbox warp, network, anchor decoding, NMS); 0 on a tracked frame
    /// between the detector's once-a-second checks.
    public var detector: Double
    /// The warp from the full frame to the 256×256 landmark crop and the network's input blob.
    public var warp: Double
    /// The landmark network's `forward()` in OpenCV's dnn.
    public var network: Double
    /// Decoding its outputs: heatmap refinement, projection back to the image, world rotation.
    public var outputs: Double
    /// The whole `extract` call in the shim.
    public var total: Double

    /// What is left of `total`: following the person, one-euro smoothing, the next crop, copying out.
    public var tracking: Double { max(0, total - detector - warp - network - outputs) }

    init(_ r: cvb_pose_result) {
        detector = r.detect_ms
        warp = r.warp_ms
        network = r.network_ms
        outputs = r.outputs_ms
        total = r.total_ms
    }
}

extension PoseObservation {
    /// This frame's time by stage.
    public var stages: PoseStageTimes { PoseStageTimes(raw) }
}
