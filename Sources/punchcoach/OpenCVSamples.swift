import Foundation

/// The sample photos and video of Debian's `opencv-doc` package (plain or gzipped), for the benchmark.
enum OpenCVSamples {
    static let directory = "/usr/share/doc/opencv-doc/examples/data"

    /// The path of sample `name`, decompressed into a temporary folder when only `name.gz` exists; nil when absent.
    static func path(_ name: String) -> String? {
        let plain = "\(directory)/\(name)"
        if FileManager.default.fileExists(atPath: plain) { return plain }
        let gz = plain + ".gz"
        guard FileManager.default.fileExists(atPath: gz) else { return nil }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("punchcoach-samples-\(getpid())-\(name)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: out.path) else { return nil }
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dc", gz]
        gunzip.standardOutput = handle
        do { try gunzip.run() } catch { return nil }
        gunzip.waitUntilExit()
        try? handle.close()
        return gunzip.terminationStatus == 0 ? out.path : nil
    }
}
