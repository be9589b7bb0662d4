import Foundation
import PunchKit

/// Loads the datasets named by --data, printing their summary to stderr.
enum DatasetLoading {
    /// `index`: the index file to read in each folder instead of `index.csv` (`evaluate --index`).
    /// `keepingGoing`: files that cannot be read are listed in the dataset's `unreadable` (scoring commands)
    /// instead of stopping the command (training, which must not learn from part of what it was given).
    static func load(_ paths: [String], index: String? = nil, quiet: Bool = false, keepingGoing: Bool = false) throws -> [Dataset] {
        guard !paths.isEmpty else { throw CLIError("no --data given; pass --data DIR (DIR/<label>/<clip>.csv)") }
        return try paths.map { path in
            let d = try Dataset.load(URL(fileURLWithPath: path), index: index, videoReader: VideoSkeletons.reader,
                                     keepingGoing: keepingGoing)
            if !quiet { Log.info("\(path):\n" + DatasetSummary(d).text()) }
            return d
        }
    }

    /// SHA-256 of the files of the datasets (relative paths and contents, sorted): the model's data hash.
    static func hash(_ datasets: [Dataset]) throws -> String {
        var sha = SHA256()
        for d in datasets {
            let files = try FileManager.default.subpathsOfDirectory(atPath: d.root.path).sorted()
            for f in files where f.hasSuffix(".csv") {
                sha.update(f)
                sha.update([UInt8](try Data(contentsOf: d.root.appendingPathComponent(f))))
            }
        }
        return SHA256.hex(sha.finalize())
    }
}
