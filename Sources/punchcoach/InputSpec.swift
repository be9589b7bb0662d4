import Foundation
import PunchKit

/// What an INPUT argument names: a skeleton CSV, a video, an image, or a camera (`camera:N`); with
/// `--live`, a video played as a camera delivers it.
enum InputSpec: Equatable {
    case skeletons(URL)
    case video(URL)
    /// A video through the camera stand-in (`--live`): frames on the wall clock, late ones dropped.
    case liveVideo(URL)
    case image(URL)
    case camera(Int)

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "bmp", "webp", "tif", "tiff"]

    init(_ text: String) throws {
        if text.hasPrefix("camera:") {
            guard let n = Int(text.dropFirst("camera:".count)), n >= 0 else {
                throw CLIError("\(text): a camera is camera:N with N = 0, 1, …")
            }
            self = .camera(n)
            return
        }
        let url = URL(fileURLWithPath: text)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw CLIError("\(text): no such file; give a skeleton CSV, a video, an image or camera:N")
        }
        guard !isDir.boolValue else { throw CLIError("\(text): is a folder; give a file or camera:N") }
        let ext = url.pathExtension.lowercased()
        if ext == "csv" { self = .skeletons(url) } else if Dataset.videoExtensions.contains(ext) { self = .video(url) } else if Self.imageExtensions.contains(ext) {
            self = .image(url)
        } else {
            throw CLIError("\(text): unknown kind of file '.\(ext)'; give a .csv skeleton, a video (\(Dataset.videoExtensions.sorted().joined(separator: ", "))), an image or camera:N")
        }
    }

    /// The input as `--live` plays it: a video through the camera stand-in; a camera is live already.
    func live() throws -> InputSpec {
        switch self {
        case .video(let url), .liveVideo(let url): return .liveVideo(url)
        case .camera: return self
        case .skeletons(let url):
            throw CLIError("\(url.path): --live plays a video as a camera delivers it; give a video, not a skeleton CSV")
        case .image(let url):
            throw CLIError("\(url.path): --live plays a video as a camera delivers it; give a video, not an image")
        }
    }
}
