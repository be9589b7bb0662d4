import Foundation
import PunchKit

/// An opened input, giving its frames one by one in the canonical layout. Opening reads a skeleton
/// CSV whole (so a damaged file fails before anything else happens) or opens the video or camera.
struct FrameFeed {
    private let sequence: SkeletonSequence?
    let spec: InputSpec

    init(_ spec: InputSpec) throws {
        self.spec = spec
        switch spec {
        case .skeletons(let url):
            let raw = try SkeletonCSV.read(url)
            do { sequence = try raw.canonical() } catch { throw DataFileError(file: url.path, "\(error)") }
        case .video(let url), .image(let url):
            throw CLIError("\(url.path): video input is not built yet; extract skeletons first")
        case .camera(let n):
            throw CLIError("camera:\(n): camera input is not built yet")
        }
    }

    /// Calls `body` with every frame, stopping after `maxSeconds` of input when given.
    func each(maxSeconds: Double? = nil, _ body: (SkeletonFrame) throws -> Void) throws {
        guard let s = sequence else { return }
        for f in 0..<s.frameCount {
            if let maxSeconds, s.times[f] - s.times[0] > maxSeconds { break }
            try body(s.frame(f))
        }
    }
}
