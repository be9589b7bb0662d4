import Foundation
import Testing
import TestSupport
@testable import PunchKit

@Suite struct DatasetTests {
    func write(_ s: SkeletonSequence, _ dir: URL, _ path: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SkeletonCSV.write(s, to: url)
    }

    @Test func labelFoldersAnnotationsAndRecordings() throws {
        let scratch = try ScratchDirectory(), dir = scratch.url
        let clip = standingFigure(times: (0..<60).map { Double($0) / 30 })
        try write(clip, dir, "jab/s01_0001.csv")
        try write(clip, dir, "jab/s02_0001.csv")
        var withSubject = clip
        withSubject.subject = "alice"
        try write(withSubject, dir, "hook/take1.csv")
        try write(clip, dir, "rounds/s03_round.csv")
        try EventCSV.write([PunchEvent(start: 0.5, end: 0.8, label: "cross", hand: .rear, confidence: 1, peakSpeed: 6)],
                           to: dir.appendingPathComponent("rounds/s03_round.events.csv"))
        try Data("notes".utf8).write(to: dir.appendingPathComponent("hook/notes.txt"))
        try Annotation.write([Annotation(file: "jab/s01_0001.csv", label: "jab", start: 0.4, end: 0.7)],
                             to: dir.appendingPathComponent("annotations.csv"))

        let d = try Dataset.load(dir)
        #expect(d.clips.map(\.name) == ["hook/take1.csv", "jab/s01_0001.csv", "jab/s02_0001.csv", "rounds/s03_round.csv"])
        #expect(d.clips.map(\.label) == ["hook", "jab", "jab", nil])
        #expect(d.clips.map(\.subject) == ["alice", "s01", "s02", "s03"])
        #expect(d.clips[1].segments == [Annotation(file: "jab/s01_0001.csv", label: "jab", start: 0.4, end: 0.7)])
        #expect(d.clips[3].segments.map(\.label) == ["cross"])
        #expect(d.labels == ["cross", "hook", "jab"])
        #expect(d.ignored == ["hook/notes.txt"])

        let summary = DatasetSummary(d)
        #expect(summary.perLabel.map(\.key) == ["cross", "hook", "jab"])
        #expect(summary.perLabel.map(\.clips) == [1, 1, 2])
        #expect(abs(summary.perLabel[2].seconds - 2 * 59.0 / 30) < 1e-9)
        #expect(summary.text().contains("ignored"))
    }

    /// An index's `stance` column gives each clip its stance (2D keypoints cannot show it), as a file's `stance=`
    /// does: any case, empty when not known; a value that is no stance is refused naming the index line, and a file
    /// that states the other stance is refused naming the file.
    @Test func anIndexGivesEachClipItsStance() throws {
        let scratch = try ScratchDirectory(), dir = scratch.url
        let clip = standingFigure(times: (0..<60).map { Double($0) / 30 })
        var southpaw = clip
        southpaw.extra = [.init("stance", "southpaw")]
        try write(clip, dir, "a.csv")
        try write(clip, dir, "b.csv")
        try write(southpaw, dir, "c.csv")
        func load(_ index: String) throws -> Dataset {
            try Data(index.utf8).write(to: dir.appendingPathComponent("index.csv"))
            return try Dataset.load(dir)
        }
        let d = try load("clip,label,stance\na,jab,Southpaw\nb,jab,\nc,jab,southpaw\n")
        #expect(d.clips.map(\.sequence.declaredStance) == [.southpaw, nil, .southpaw])
        let bad = try #require(throws: DataFileError.self) { try load("clip,label,stance\na,jab,orthodox\nb,jab,lefty\n") }
        #expect(bad.description.hasSuffix("index.csv:3: stance 'lefty' is not orthodox or southpaw (or empty: not known)"))
        let conflict = try #require(throws: DataFileError.self) { try load("clip,label,stance\nc,jab,orthodox\n") }
        #expect(conflict.description.hasSuffix("c.csv: says stance=southpaw, its index line says orthodox; make them agree"))
    }

    /// A dataset folder reached through a symbolic link, with a label folder that is one too, reads as the
    /// folder itself (it once listed no clips and called its annotations' clips unknown).
    @Test func symbolicLinksToTheFolderAndToALabelAreFollowed() throws {
        let scratch = try ScratchDirectory(), dir = scratch.url
        let clip = standingFigure(times: (0..<60).map { Double($0) / 30 })
        try write(clip, dir, "real/jab/s01_0001.csv")
        try write(clip, dir, "elsewhere/s02_0001.csv")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("real/hook").path, withDestinationPath: dir.appendingPathComponent("elsewhere").path)
        try Annotation.write([Annotation(file: "jab/s01_0001.csv", label: "jab", start: 0.4, end: 0.7)],
                             to: dir.appendingPathComponent("real/annotations.csv"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("linked").path, withDestinationPath: dir.appendingPathComponent("real").path)
        let d = try Dataset.load(dir.appendingPathComponent("linked"))
        #expect(d.clips.map(\.name) == ["hook/s02_0001.csv", "jab/s01_0001.csv"])
        #expect(d.clips[1].segments.map(\.label) == ["jab"])
    }

    /// Two folders pooled (`evaluate --data A --data B`): every clip, segment and unreadable file named from
    /// the folders' common parent, so that root + name is the file; a folder given twice, or inside another, refused.
    @Test func pooledFoldersAreNamedFromTheirCommonParent() throws {
        let scratch = try ScratchDirectory(), dir = scratch.url
        let clip = standingFigure(times: (0..<60).map { Double($0) / 30 })
        try write(clip, dir, "sets/T/jab/s101_0001.csv")
        try write(clip, dir, "sets/T/hook/s102_0001.csv")
        try Annotation.write([Annotation(file: "jab/s101_0001.csv", label: "jab", start: 0.4, end: 0.7)],
                             to: dir.appendingPathComponent("sets/T/annotations.csv"))
        try write(clip, dir, "other/T2/jab/s201_0001.csv")
        try Data("t,broken\n".utf8).write(to: dir.appendingPathComponent("other/T2/jab/s202_0001.csv"))
        let a = try Dataset.load(dir.appendingPathComponent("sets/T"))
        let b = try Dataset.load(dir.appendingPathComponent("other/T2"), keepingGoing: true)
        #expect(b.unreadable.count == 1)

        let pool = try Dataset.pooled([a, b])
        #expect(pool.root.standardizedFileURL.resolvingSymlinksInPath().path == dir.standardizedFileURL.resolvingSymlinksInPath().path)
        #expect(pool.clips.map(\.name) == ["sets/T/hook/s102_0001.csv", "sets/T/jab/s101_0001.csv", "other/T2/jab/s201_0001.csv"])
        #expect(pool.clips.map(\.subject) == ["s102", "s101", "s201"])
        #expect(pool.clips[1].segments.map(\.file) == ["sets/T/jab/s101_0001.csv"])
        #expect(pool.unreadable.map(\.name) == ["other/T2/jab/s202_0001.csv"])
        for c in pool.clips { #expect(FileManager.default.fileExists(atPath: pool.root.appendingPathComponent(c.name).path)) }
        #expect(try Dataset.pooled([a]).clips.map(\.name) == a.clips.map(\.name))

        let twice = try #require(throws: PoolingError.self) { try Dataset.pooled([a, b, a]) }
        #expect(twice.description.hasSuffix("sets/T is given twice; pool each folder once"))
        try write(clip, dir, "sets/T/inner/jab/s301_0001.csv")
        let inner = try Dataset.load(dir.appendingPathComponent("sets/T/inner"))
        let nested = try #require(throws: PoolingError.self) { try Dataset.pooled([inner, b, a]) }
        #expect(nested.description.contains("sets/T/inner lies inside"), "\(nested)")
    }

    @Test func annotationNamingNoClipAndVideosWithoutExtractorAreErrors() throws {
        let scratch = try ScratchDirectory(), dir = scratch.url
        try write(standingFigure(times: [0, 0.1]), dir, "jab/a.csv")
        try Data("file,label,start,end\njab/zzz.csv,jab,0,1\n".utf8).write(to: dir.appendingPathComponent("annotations.csv"))
        let e = try #require(throws: DataFileError.self) { try Dataset.load(dir) }
        #expect(e.description.contains("jab/zzz.csv"))

        let scratch2 = try ScratchDirectory(), dir2 = scratch2.url
        try FileManager.default.createDirectory(at: dir2.appendingPathComponent("jab"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: dir2.appendingPathComponent("jab/a.mp4"))
        let e2 = try #require(throws: DataFileError.self) { try Dataset.load(dir2) }
        #expect(e2.description.contains("is a video"))
        #expect(throws: DataFileError.self) { try Dataset.load(dir2.appendingPathComponent("nope")) }
    }

    @Test func subjectsFromFileNames() {
        #expect(SubjectName.fromFileName("s0_cross_test_0_back_10") == "s0")
        #expect(SubjectName.fromFileName("subject12-jab.csv") == "s12")
        #expect(SubjectName.fromFileName("p3.csv") == "p3")
        #expect(SubjectName.fromFileName("speed_jab.csv") == nil)
        #expect(SubjectName.fromFileName("s1x_jab.csv") == nil)
    }
}

/// The real CoachMe BX recordings (../shared/datasets/coachme-bx), read through the SMPL-22 mapping.
@Suite struct CoachMeTests {
    static let root = coachMeFolder
    static var present: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("index.csv").path) }

    @Test(.enabled(if: present, "../shared/datasets/coachme-bx is absent: the real-data test cannot run here"))
    func coachMeLoadsAndJabsMoveTheLeftWrist() throws {
        let d = try Dataset.load(Self.root)
        #expect(d.clips.count == 143)
        #expect(Set(d.clips.map(\.sourceLayout)) == ["smpl22"])
        #expect(d.subjects.count == 7)
        #expect(Set(d.clips.compactMap(\.label)) == ["jab", "cross"])
        var correct = 0
        for clip in d.clips {
            let s = clip.sequence
            // How far each arm extends during the clip: range of the shoulder → wrist distance.
            func reach(_ wrist: Joint, _ shoulder: Joint) -> Double {
                let d = (0..<s.frameCount).map { (s.position(frame: $0, joint: wrist.rawValue) - s.position(frame: $0, joint: shoulder.rawValue)).length }
                return d.max()! - d.min()!
            }
            let left = reach(.leftWrist, .leftShoulder), right = reach(.rightWrist, .rightShoulder)
            if (clip.label == "jab") == (left > right) { correct += 1 }
        }
        // Orthodox boxers: the jab is the left hand, the cross the right (a few clips have busy guards).
        #expect(Double(correct) / Double(d.clips.count) > 0.95, "\(correct) of \(d.clips.count)")
        // The stance read from the body agrees: these boxers are orthodox.
        let orthodox = d.clips.filter { StanceEstimator.estimate($0.sequence) == .orthodox }.count
        #expect(Double(orthodox) / Double(d.clips.count) > 0.95, "\(orthodox) of \(d.clips.count) read as orthodox")
    }
}
