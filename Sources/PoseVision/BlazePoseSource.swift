import Foundation
import PunchKit

/// Skeletons from a camera, a video or an image through a pose extractor (BlazePose by default):
/// canonical (COCO-17) frames in image pixels with world metres, timed on the video's own timeline
/// or the camera's monotonic clock. A frame where nobody is seen has every confidence 0.
public final class BlazePoseSource: PoseSource {
    public let capture: FrameCapture
    public let extractor: PoseExtractor
    public var name: String { capture.name }
    /// True for a camera or a live video: frames come at the pace of the world.
    public var isRealTime: Bool { capture.isLive }
    public var clockOrigin: Double? { capture.info.clockOrigin }
    /// What the model saw in the last frame read.
    public private(set) var lastObservation: PoseObservation?
    /// When set, every frame's pose time is recorded in it (benchmarks).
    public var poseTimes: PoseTimes?
    /// The extractor's joints → canonical ones, found once (nil when they are canonical already).
    private let toCanonical: LayoutMapping?

    public init(capture: FrameCapture, extractor: PoseExtractor) {
        self.capture = capture
        self.extractor = extractor
        toCanonical = extractor.layout == .canonical ? nil : LayoutMapping.toCanonical(from: extractor.layout)
        extractor.reset()
    }

    /// A camera (`/dev/videoN`), a video file (upright whatever its rotation metadata) or an image (one
    /// frame at time 0, never smoothed: there is no stream to smooth over) through BlazePose.
    public convenience init(_ kind: FrameCapture.Kind, model: BlazePoseModel? = nil, smoothing: Bool = true) throws {
        let capture = try FrameCapture(kind)
        let still = switch kind { case .image: true; case .camera, .video, .liveVideo: false }
        self.init(capture: capture, extractor: try BlazePoseExtractor(model: model, smoothing: smoothing && !still))
    }

    /// The next picture and the pose in it in the extractor's layout, or nil at the end.
    public func nextObservation() throws -> (frame: VideoFrame, pose: PoseObservation)? {
        guard let frame = try capture.read() else { return nil }
        let started = poseTimes == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        let pose = try extractor.extract(frame)
        poseTimes?.record(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        lastObservation = pose
        return (frame, pose)
    }

    public func nextFrame() throws -> SkeletonFrame? {
        guard let (_, pose) = try nextObservation() else { return nil }
        return pose.skeleton.canonical(through: toCanonical)
    }
}
