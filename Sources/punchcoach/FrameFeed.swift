import Foundation
import PoseVision
import PunchKit

/// An opened input, giving its frames one by one in the canonical layout. Opening reads a skeleton
/// CSV whole (so a damaged file fails before anything else happens) or opens the video, image or
/// camera and the pose model, whose frames then stream through BlazePose one by one.
struct FrameFeed {
    private let sequence: SkeletonSequence?
    private let source: BlazePoseSource?
    let spec: InputSpec

    init(_ spec: InputSpec) throws {
        self.spec = spec
        switch spec {
        case .skeletons(let url):
            let raw = try SkeletonCSV.read(url)
            do { sequence = try raw.canonical() } catch { throw DataFileError(file: url.path, "\(error)") }
            source = nil
        case .video(let url):
            source = try BlazePoseSource(video: url.path)
            sequence = nil
        case .image(let url):
            source = try BlazePoseSource(image: url.path)
            sequence = nil
        case .camera(let n):
            source = try BlazePoseSource(camera: n)
            sequence = nil
        }
    }

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
