import Foundation
import PoseVision
import PunchKit

/// An opened input, giving its frames one by one in the canonical layout. Opening reads a skeleton
/// CSV whole (so a damaged file fails before anything else happens) or opens the video, image or
/// camera and the pose model, whose frames then stream through BlazePose one by one.
struct FrameFeed {
    private let sequence: SkeletonSequence?
    private let source: BlazePoseSource?

    init(_ spec: InputSpec) throws {
        if case .skeletons(let url) = spec {
            sequence = try SkeletonCSV.read(url).canonical(file: url.path)
            source = nil
        } else {
            source = try BlazePoseSource.open(spec)
            sequence = nil
        }
    }

    /// Whether a replayed skeleton file's joints are real 3D without world columns (Kinect, HybrIK).
    var positionsHaveDepth: Bool { sequence?.hasBodyDepth ?? false }

    /// The capture of a video, image or camera (nil for a skeleton CSV).
    var capture: FrameCapture? { source?.capture }

    /// Calls `body` with every frame, stopping after `maxSeconds` of input when given.
    func each(maxSeconds: Double? = nil, _ body: (SkeletonFrame) throws -> Void) throws {
        if let source {
            var first: Double?
            while let frame = try source.nextFrame() {
                if first == nil { first = frame.time }
                if let maxSeconds, frame.time - first! > maxSeconds { break }
                try body(frame)
            }
            return
        }
        guard let s = sequence else { return }
        for f in 0..<s.frameCount {
            if let maxSeconds, s.times[f] - s.times[0] > maxSeconds { break }
            try body(s.frame(f))
        }
    }
}

extension BlazePoseSource {
    /// The video, image or camera of `spec` through BlazePose (an image is never smoothed); nil for a
    /// skeleton CSV, which needs no pose model.
    static func open(_ spec: InputSpec, smoothing: Bool = true) throws -> BlazePoseSource? {
        let kind: FrameCapture.Kind
        switch spec {
        case .skeletons: return nil
        case .video(let url): kind = .video(url.path)
        case .liveVideo(let url): kind = .liveVideo(url.path)
        case .image(let url): kind = .image(url.path)
        case .camera(let n): kind = .camera(n)
        }
        return try BlazePoseSource(kind, smoothing: smoothing)
    }
}
