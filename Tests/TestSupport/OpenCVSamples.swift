import Foundation

/// Debian's `opencv-doc` samples (plain or gzipped): the photos and the street video of the pose and
/// CLI tests. `tools/test` installs the package.
public enum OpenCVSamples {
    public static let directory = "/usr/share/doc/opencv-doc/examples/data"
    public static let missingNote = "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it)"

    public static var available: Bool {
        ["basketball1.png", "messi5.jpg", "vtest.avi"].allSatisfy {
            FileManager.default.fileExists(atPath: "\(directory)/\($0)") || FileManager.default.fileExists(atPath: "\(directory)/\($0).gz")
        }
    }

    /// The sample's path; a gzipped sample is decompressed into `scratch`. Nil when absent.
    public static func path(_ name: String, in scratch: ScratchDirectory) -> String? {
        let plain = "\(directory)/\(name)"
        if FileManager.default.fileExists(atPath: plain) { return plain }
        guard FileManager.default.fileExists(atPath: plain + ".gz") else { return nil }
        let target = scratch.file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc \"$0\" > \"$1\"", plain + ".gz", target]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? target : nil
    }
}
