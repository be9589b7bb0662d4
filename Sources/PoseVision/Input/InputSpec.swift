import Foundation
import PunchKit

/// What a source of skeletons is: a skeleton CSV, a video, an image, a camera (`camera:N`), the
/// synthetic boxer; a video played as a camera delivers it (`--live`). `InputSpec.open` makes it a
/// `PoseSource`: the one way every command opens its input.
public enum InputSpec: Equatable, Sendable {
    case skeletons(URL)
    case video(URL)
    /// A video through the camera stand-in (`--live`): frames on the wall clock, late ones dropped.
    case liveVideo(URL)
    case image(URL)
    case camera(Int)
    /// The synthetic boxer of the coach's demo.
    case demo

    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "bmp", "webp", "tif", "tiff"]

    /// An INPUT argument: `camera:N`, or a file whose extension says what it is.
    public init(_ text: String) throws {
        if text.hasPrefix("camera:") {
            guard let n = Int(text.dropFirst("camera:".count)), n >= 0 else {
                throw InputError("\(text): a camera is camera:N with N = 0, 1, …")
            }
            self = .camera(n)
            return
        }
        let url = URL(fileURLWithPath: text)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw InputError("\(text): no such file; give a skeleton CSV, a video, an image or camera:N")
        }
        guard !isDir.boolValue else { throw InputError("\(text): is a folder; give a file or camera:N") }
        let ext = url.pathExtension.lowercased()
        if ext == "csv" {
            self = .skeletons(url)
        } else if Dataset.videoExtensions.contains(ext) {
            self = .video(url)
        } else if Self.imageExtensions.contains(ext) {
            self = .image(url)
        } else {
            let videos = Dataset.videoExtensions.sorted().joined(separator: ", ")
            let kind = ext.isEmpty ? "a file without an extension" : "unknown kind of file '.\(ext)'"
            throw InputError("\(text): \(kind); give a .csv skeleton, a video (\(videos)), an image or camera:N")
        }
    }

    /// The input as `--live` plays it: a video through the camera stand-in; a camera is live already.
    public func live() throws -> InputSpec {
        switch self {
        case .video(let url), .liveVideo(let url): return .liveVideo(url)
        case .camera: return self
        case .skeletons(let url):
            throw InputError("\(url.relativePath): --live plays a video as a camera delivers it; give a video, not a skeleton CSV")
        case .image(let url):
            throw InputError("\(url.relativePath): --live plays a video as a camera delivers it; give a video, not an image")
        case .demo:
            throw InputError("--live plays a video as a camera delivers it; the demo is not a video")
        }
    }

    /// The capture BlazePose reads for this input; nil for skeletons and the demo, which need no pose model.
    var captureKind: FrameCapture.Kind? {
        switch self {
        case .video(let url): .video(url.relativePath)
        case .liveVideo(let url): .liveVideo(url.relativePath)
        case .image(let url): .image(url.relativePath)
        case .camera(let n): .camera(n)
        case .skeletons, .demo: nil
        }
    }
}

/// A source that cannot be opened as given: one line naming the file or device and what to do.
public struct InputError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
