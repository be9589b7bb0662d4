import Foundation
import PunchKit

/// What an INPUT argument names: a skeleton CSV, a video, an image, or a camera (`camera:N`).
enum InputSpec: Equatable {
    case skeletons(URL)
    case video(URL)
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
}
