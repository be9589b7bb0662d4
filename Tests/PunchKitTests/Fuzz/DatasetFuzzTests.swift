import Foundation
import Testing
import TestSupport
@testable import PunchKit

/// Dataset folders with one damaged file (issue 13): an index, the annotations, a round's event
/// truth or a clip. The folder loads, or is refused in one line naming a file of the folder.
@Suite struct DatasetFuzzTests {
    /// `DIR/index.csv` naming the clips.
    static let indexed: [String: [UInt8]] = [
        "index.csv": Array("clip,label,subject\njab/s01_jab_0001,jab,1\ncross/s02_cross_0001.csv,cross,s02\n".utf8),
        "annotations.csv": Array("file,label,start,end\njab/s01_jab_0001.csv,jab,0.02,0.1\n".utf8),
    ].merging(clips) { a, _ in a }

    /// `DIR/<label>/<clip>.csv`, with a folder of rounds and their event truth.
    static let folders: [String: [UInt8]] = [
        "rounds/s03_round_001.csv": clip,
        "rounds/s03_round_001.events.csv": Array("start,end,label,hand,confidence,peak_speed\n0.02,0.1,hook,lead,1,0\n".utf8),
        "annotations.csv": Array("file,label,start,end\ncross/s02_cross_0001.csv,stance,0,0.1\n".utf8),
    ].merging(clips) { a, _ in a }

    static let clip = Array(SkeletonCSV.text(of: fuzzSkeleton(layout: .coco17, depth: false, world: false, frames: 8)).utf8)
    static let clips = ["jab/s01_jab_0001.csv": clip, "cross/s02_cross_0001.csv": clip]

    @Test func damagedDatasetFoldersLoadOrAreRefusedInOneLine() throws {
        let mutator = Mutator()
        let report = try FuzzCampaign("dataset-folder", cases: 600).run { rng, root in
            let files = rng.chance(0.5) ? Self.indexed : Self.folders
            // Mostly the small CSVs this family is about; the clips have their own campaign.
            let damaged = rng.pick(files.keys.sorted().filter { rng.chance(0.2) || !$0.hasSuffix("_0001.csv") })
            var steps: [String] = []
            for (name, bytes) in files {
                let url = root.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                var written = bytes
                if name == damaged { (written, steps) = mutator.mutate(bytes, &rng) }
                try Data(written).write(to: url)
            }
            return .init(steps: ["\(damaged):"] + steps, mustName: root.path) { _ = try Dataset.load(root) }
        }
        report.expectNoFailures()
    }
}
