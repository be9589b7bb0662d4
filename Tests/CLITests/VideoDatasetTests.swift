import Foundation
import TestSupport
import PunchKit
import Testing

/// A dataset of videos (`DIR/<label>/*.mp4`, or an index naming them): extracted on first use, cached
/// beside the video, reused while the video is unchanged.
@Suite(.serialized) struct VideoDatasetTests {
    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func videosAreExtractedOnceAndCachedUntilTheyChange() throws {
        let scratch = try ScratchDirectory()
        let source = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        // A 3-second clip of people walking (the overlay video of `extract` is a video like any other).
        let folder = scratch.file("data/idle")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let clip = folder + "/walk.mp4"
        let made = try punchcoach(["extract", source, "--out", scratch.file("walk.csv"), "--overlay", clip, "--seconds", "3"])
        #expect(made.status == 0, "\(made.stderr)")
        let cache = folder + "/walk.skeleton-cache.csv"

        let first = try punchcoach(["evaluate", "--data", scratch.file("data"), "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("extracting skeletons"), "\(first.stderr)")
        let header = try String(contentsOfFile: cache, encoding: .utf8).split(separator: "\n").first ?? ""
        #expect(header.contains("layout=blazepose33") && header.contains("video_bytes=") && header.contains("video_mtime="), "\(header)")
        let cached = try SkeletonCSV.read(URL(fileURLWithPath: cache))
        #expect(cached.frameCount == 31)

        let second = try punchcoach(["evaluate", "--data", scratch.file("data"), "--json"])
        #expect(second.status == 0)
        #expect(!second.stderr.contains("extracting skeletons"), "the cache was not reused: \(second.stderr)")
        #expect(second.stdout == first.stdout)

        // A changed video (new modification time) is extracted again.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: clip)
        let third = try punchcoach(["evaluate", "--data", scratch.file("data"), "--json"])
        #expect(third.status == 0)
        #expect(third.stderr.contains("extracting skeletons"), "\(third.stderr)")

        // An index may name the video, with its extension or without (no such CSV there): the same clip,
        // read from the same cache.
        for clipName in ["idle/walk.mp4", "idle/walk"] {
            try "clip,label\n\(clipName),idle\n".write(toFile: scratch.file("data/index.csv"), atomically: true, encoding: .utf8)
            let indexed = try punchcoach(["evaluate", "--data", scratch.file("data"), "--json"])
            #expect(indexed.status == 0, "\(indexed.stderr)")
            #expect(!indexed.stderr.contains("extracting skeletons"), "\(indexed.stderr)")
            let a = try third.json(), b = try indexed.json()
            #expect((a["confusion"] as? [String: Any])?["matrix"] as? [[Int]] == (b["confusion"] as? [String: Any])?["matrix"] as? [[Int]])
        }
    }
}
