import Foundation
import PunchKit

extension InputSpec {
    /// The source of this input. A skeleton CSV is read whole (so a damaged file fails before anything
    /// else happens) and replayed; a video, image or camera streams through BlazePose (an image is never
    /// smoothed); `.demo` is made by `demo`, which the coach gives (the synthetic boxer follows its
    /// callouts). Errors are one line naming the file or device.
    public func open(smoothing: Bool = true, demo: (() -> PoseSource)? = nil) throws -> PoseSource {
        switch self {
        case .skeletons(let url):
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw InputError("\(url.relativePath): no such file; give a skeleton CSV")
            }
            let sequence = try SkeletonCSV.read(url).canonical(file: url.relativePath)
            return try SkeletonReplaySource(sequence, name: url.relativePath)
        case .demo:
            guard let demo else { throw InputError("demo: the synthetic boxer is a source of the coach only") }
            return demo()
        case .video(let url), .liveVideo(let url):
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw InputError("\(url.relativePath): no such file; give a video")
            }
            return try BlazePoseSource.open(self, smoothing: smoothing)!
        case .image, .camera:
            return try BlazePoseSource.open(self, smoothing: smoothing)!
        }
    }

    /// With no source named: the first camera (/dev/videoN) that opens, else the demo, with a note
    /// saying why it is the demo.
    public static func openDefault(demo: () -> PoseSource) -> (source: PoseSource, note: String?) {
        let devices = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).filter { $0.hasPrefix("video") }.sorted()
        var note = "no camera found"
        for device in devices {
            guard let n = Int(device.dropFirst("video".count)) else { continue }
            do { return (try InputSpec.camera(n).open(), nil) } catch { note = "camera:\(n) did not open" }
        }
        return (demo(), note)
    }
}

extension BlazePoseSource {
    /// The video, image or camera of `spec` through BlazePose; nil for a skeleton CSV or the demo,
    /// which need no pose model.
    public static func open(_ spec: InputSpec, smoothing: Bool = true) throws -> BlazePoseSource? {
        guard let kind = spec.captureKind else { return nil }
        return try BlazePoseSource(kind, smoothing: smoothing)
    }
}
