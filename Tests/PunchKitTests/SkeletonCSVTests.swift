import Foundation
import Testing
import TestSupport
@testable import PunchKit

@Suite struct SkeletonCSVTests {
    @Test func roundTripIsExact() throws {
        var s = standingFigure(times: (0..<50).map { Double($0) / 30 + 0.0123 }) { t in
            Vec3(0.2 + 0.3 * sin(7 * t), -0.45 + 1e-7 * t, 2.6 - 0.123456789 * t)
        }
        s.subject = "s07"
        s.fps = 30
        s.extra = [.init("camera", "cam2"), .init("note", "x")]
        s.setConfidence(0, frame: 3, joint: 4)
        let text = SkeletonCSV.text(of: s)
        let back = try SkeletonCSV.parse(text, file: "mem.csv")
        #expect(back == s)
        #expect(SkeletonCSV.text(of: back) == text)
        #expect(text.hasPrefix("# layout=coco17 units=m source=test subject=s07 fps=30.0 world=m camera=cam2 note=x\n"))
    }

    @Test func readsTheGoodFixture() throws {
        let s = try SkeletonCSV.read(fixture("good.csv"))
        #expect(s.frameCount == 5)
        #expect(s.layout == .coco17)
        #expect(s.units == .px)
        #expect(s.subject == "s1")
        #expect(s.position(frame: 1, joint: 0) == Vec3(100.5, 200, 0))
        #expect(s.confidence(frame: 4, joint: 16) == 0.9)
    }

    /// Each damaged file names the file and the line, and says what is wrong.
    @Test(arguments: [
        ("truncated.csv", 7, "looks truncated"),
        ("nan-cell.csv", 4, "not a finite number"),
        ("wrong-header.csv", 2, "left_wirst"),
        ("time-backwards.csv", 5, "does not increase"),
        ("negative-confidence.csv", 3, "outside 0…1"),
    ])
    func damagedFilesAreRefusedWithFileAndLine(file: String, line: Int, words: String) throws {
        let url = fixture(file)
        let error = try #require(throws: DataFileError.self) { try SkeletonCSV.read(url) }
        #expect(error.file == url.path)
        #expect(error.line == line)
        #expect(error.description.contains(words), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func infinityAndOutOfRangeConfidenceAreErrors() {
        let head = "# layout=coco17 units=px source=x\n" + "t," + JointLayout.coco17.joints.map { "\($0)_x,\($0)_y" }.joined(separator: ",") + "\n"
        let row = { (t: String, v: String) in t + "," + Array(repeating: v, count: 34).joined(separator: ",") + "\n" }
        #expect(throws: DataFileError.self) { try SkeletonCSV.parse(head + row("0", "inf"), file: "a.csv") }
        #expect(throws: DataFileError.self) { try SkeletonCSV.parse(head + row("nan", "1"), file: "a.csv") }
        #expect(throws: DataFileError.self) { try SkeletonCSV.parse(head, file: "a.csv") }  // no frames
        let ok = try? SkeletonCSV.parse(head + row("0", "1") + row("0.5", "2"), file: "a.csv")
        #expect(ok?.frameCount == 2)
        #expect(ok?.confidence(frame: 0, joint: 0) == 1)  // no _c column: present joints are certain
    }

    @Test func emptyCellsMarkAMissingJointButPartialJointsAreErrors() throws {
        let joints = JointLayout.coco17.joints
        let head = "# layout=coco17 units=px source=x\nt," + joints.map { "\($0)_x,\($0)_y,\($0)_c" }.joined(separator: ",") + "\n"
        var cells = Array(repeating: "1", count: 51)
        cells[27] = ""; cells[28] = ""; cells[29] = ""  // left_wrist entirely empty
        let s = try SkeletonCSV.parse(head + "0," + cells.joined(separator: ",") + "\n", file: "a.csv")
        #expect(s.confidence(frame: 0, joint: Joint.leftWrist.rawValue) == 0)
        cells[29] = "0.5"
        let e = try #require(throws: DataFileError.self) {
            try SkeletonCSV.parse(head + "0," + cells.joined(separator: ",") + "\n", file: "a.csv")
        }
        #expect(e.description.contains("left_wrist") && e.line == 3)
    }

    /// 2D keypoints (YOLO-pose, RTMO, OpenPose) leave z empty; a missing joint may be `0,0,,0`.
    /// They read without depth, and write back the same way.
    @Test func twoDimensionalFilesReadWithoutDepthAndRoundTrip() throws {
        let joints = JointLayout.coco17.joints
        let head = "# layout=coco17 units=px source=rtmo\nt," + joints.map { "\($0)_x,\($0)_y,\($0)_z,\($0)_c" }.joined(separator: ",") + "\n"
        func row(_ t: String, missing: Int? = nil) -> String {
            t + "," + joints.indices.map { $0 == missing ? "0,0,,0" : "\(100 + $0),\(200 + $0),,0.9" }.joined(separator: ",") + "\n"
        }
        let s = try SkeletonCSV.parse(head + row("0") + row("0.04", missing: 9), file: "2d.csv")
        #expect(!s.hasDepth && !s.hasBodyDepth && s.frameCount == 2)
        #expect(s.position(frame: 0, joint: 9) == Vec3(109, 209, 0))
        #expect(s.confidence(frame: 1, joint: 9) == 0)
        let text = SkeletonCSV.text(of: s)
        #expect(text.contains(",100,200,,0.9,"))
        #expect(try SkeletonCSV.parse(text, file: "again.csv") == s)
        // The canonical copy keeps the missing depth, so the classifier reads the picture only.
        #expect(try !s.canonical().hasDepth)
        // Kinect metres with z: real 3D.
        let kinect = try SkeletonCSV.parse(head.replacingOccurrences(of: "units=px", with: "units=m")
                                           + "0," + Array(repeating: "1,2,3,1", count: 17).joined(separator: ",") + "\n", file: "k.csv")
        #expect(kinect.hasDepth && kinect.hasBodyDepth)
    }

    @Test func aFileMixingGivenAndEmptyZIsRefusedNamingBothLines() throws {
        let joints = JointLayout.coco17.joints
        let head = "# layout=coco17 units=px source=x\nt," + joints.map { "\($0)_x,\($0)_y,\($0)_z,\($0)_c" }.joined(separator: ",") + "\n"
        let flat = "0," + Array(repeating: "1,2,,1", count: 17).joined(separator: ",") + "\n"
        let deep = "0.1," + Array(repeating: "1,2,3,1", count: 17).joined(separator: ",") + "\n"
        let e = try #require(throws: DataFileError.self) { try SkeletonCSV.parse(head + flat + deep, file: "mixed.csv") }
        #expect(e.line == 4 && e.description.contains("mixed.csv") && e.description.contains("line 3"))
    }

    @Test func headerWithoutCommentIsRecognisedByItsJoints() throws {
        // SMPL-22 with a frame column, as in CoachMe: frames at the default 30 fps, arbitrary units.
        let names = JointLayout.smpl22.joints
        var text = "frame," + names.map { "\($0)_x,\($0)_y,\($0)_z" }.joined(separator: ",") + "\n"
        for f in 0..<3 { text += "\(f)," + Array(repeating: "0.1", count: 66).joined(separator: ",") + "\n" }
        let s = try SkeletonCSV.parse(text, file: "smpl.csv")
        #expect(s.layout == .smpl22 && s.units == .arb)
        #expect(s.times == [0, 1.0 / 30, 2.0 / 30])
        let c = try s.canonical()
        #expect(c.confidence(frame: 0, joint: Joint.leftEye.rawValue) == 0)  // SMPL has no eyes
        #expect(c.position(frame: 0, joint: Joint.leftWrist.rawValue) == Vec3(0.1, 0.1, 0.1))

        let unknown = "t,foo_x,foo_y\n0,1,2\n"
        let e = try #require(throws: DataFileError.self) { try SkeletonCSV.parse(unknown, file: "u.csv") }
        #expect(e.description.contains("no known layout") && e.line == 1)
    }

    /// Index, annotation and event files written on Windows (or by Python's csv module) end their lines
    /// with CR LF, which Swift reads as one character: every row must still be found.
    @Test func tablesWithWindowsLineEndingsKeepTheirRows() throws {
        let table = try CSVTable.parse("clip,label,subject\r\na,jab,0\r\nb,cross,1\r\n", file: "index.csv")
        #expect(table.header == ["clip", "label", "subject"])
        #expect(table.rows.map(\.cells) == [["a", "jab", "0"], ["b", "cross", "1"]])
        #expect(table.rows.map(\.line) == [2, 3])
    }

    @Test func eventCSVRoundTrips() throws {
        let events = [PunchEvent(start: 1.25, end: 1.5, label: "jab", hand: .lead, confidence: 0.93, peakSpeed: 7.1),
                      PunchEvent(start: 3, end: 9, label: "idle", hand: .none, confidence: 1, peakSpeed: 0)]
        let scratch = try ScratchDirectory(), dir = scratch.url
        let url = dir.appendingPathComponent("x.events.csv")
        try EventCSV.write(events, to: url)
        #expect(try EventCSV.read(url) == events)
    }
}

/// Files of other pose tools: read by the names of their joints, whatever their spelling and order.
@Suite struct OtherToolsFilesTests {
    /// The test figure as OpenPose writes it (BODY_25 in its own order and spelling, 2D pixels, no first
    /// line): its canonical skeleton is the COCO file's, joint for joint.
    @Test func anOpenPoseFileIsTheSameSkeletonAsACocoFile() throws {
        let coco = standingFigure(times: [0, 1.0 / 30, 2.0 / 30], world: false).flattenedToPicture()
        let openPoseNames = ["Nose", "Neck", "RShoulder", "RElbow", "RWrist", "LShoulder", "LElbow", "LWrist", "MidHip",
                             "RHip", "RKnee", "RAnkle", "LHip", "LKnee", "LAnkle", "REye", "LEye", "REar", "LEar",
                             "LBigToe", "LSmallToe", "LHeel", "RBigToe", "RSmallToe", "RHeel"]
        var text = "t," + openPoseNames.map { "\($0)_x,\($0)_y,\($0)_c" }.joined(separator: ",") + "\n"
        for f in 0..<coco.frameCount {
            text += "\(coco.times[f])"
            for name in openPoseNames {
                if let j = JointLayout.coco17.index(ofStandard: JointName.standard(name)) {
                    let p = coco.position(frame: f, joint: j)
                    text += ",\(p.x),\(p.y),\(coco.confidence(frame: f, joint: j))"
                } else {
                    text += ",0,0,0"  // the neck, mid-hip and feet: not in COCO, not read
                }
            }
            text += "\n"
        }
        let read = try SkeletonCSV.parse(text, file: "openpose.csv")
        #expect(read.layout == .openpose25 && !read.hasDepth)
        let canonical = try read.canonical()
        #expect(canonical.positions == coco.positions && canonical.confidences == coco.confidences)
    }

    /// A tool that gives the upper body only, spelled its own way and under a layout name nobody knows:
    /// read with the legs, eyes and ears missing.
    @Test func anUnknownLayoutWithTheRequiredJointsIsRead() throws {
        let names = ["nose", "leftShoulder", "rightShoulder", "leftElbow", "rightElbow", "leftWrist", "rightWrist", "leftHip", "rightHip"]
        let text = "# layout=posenet-upper units=px source=x\nt," + names.map { "\($0)_x,\($0)_y,\($0)_score" }.joined(separator: ",")
            + "\n0," + Array(repeating: "10,20,0.9", count: names.count).joined(separator: ",") + "\n"
        let s = try SkeletonCSV.parse(text, file: "upper.csv")
        #expect(s.layout.name == "posenet-upper" && s.layout.joints.contains("left_wrist"))
        let c = try s.canonical()
        #expect(c.confidence(frame: 0, joint: Joint.leftWrist.rawValue) == 0.9)
        #expect(c.confidence(frame: 0, joint: Joint.leftKnee.rawValue) == 0)
        #expect(c.position(frame: 0, joint: Joint.rightHip.rawValue) == Vec3(10, 20, 0))
    }

    @Test func aFileWithoutWristsOrWithAJointTwiceIsRefusedSayingWhy() throws {
        let names = ["left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_hip", "right_hip"]
        let noWrists = "t," + names.map { "\($0)_x,\($0)_y" }.joined(separator: ",") + "\n0," + Array(repeating: "1", count: 12).joined(separator: ",") + "\n"
        let e = try #require(throws: DataFileError.self) { try SkeletonCSV.parse(noWrists, file: "arms.csv") }
        #expect(e.line == 1 && e.description.contains("arms.csv") && e.description.contains("left_wrist, right_wrist"))

        let twice = "t,LWrist_x,LWrist_y,left_wrist_x,left_wrist_y\n0,1,2,3,4\n"
        let e2 = try #require(throws: DataFileError.self) { try SkeletonCSV.parse(twice, file: "twice.csv") }
        #expect(e2.description.contains("'LWrist' and 'left_wrist' name the same joint"))

        let declared = "# layout=coco17 units=px source=x\nt,left_wirst_x,left_wirst_y\n0,1,2\n"
        let e3 = try #require(throws: DataFileError.self) { try SkeletonCSV.parse(declared, file: "typo.csv") }
        #expect(e3.line == 2 && e3.description.contains("unknown joints: left_wirst"))
    }

    /// Excel and Python's `utf-8-sig` start a file with a byte-order mark: the file reads as without it.
    @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
        let text = SkeletonCSV.text(of: standingFigure(times: [0, 0.1]))
        let plain = try SkeletonCSV.parse(Data(text.utf8), file: "plain.csv")
        let marked = try SkeletonCSV.parse(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), file: "bom.csv")
        #expect(marked == plain)
    }

    /// A declared layout whose header leaves out joints (a webcam tool without legs): they are missing.
    @Test func aDeclaredLayoutMayLeaveJointsOut() throws {
        let names = JointLayout.coco17.joints.filter { !$0.contains("knee") && !$0.contains("ankle") }
        let text = "# layout=coco17 units=norm source=x\nt," + names.map { "\($0)_x,\($0)_y,\($0)_z,\($0)_c" }.joined(separator: ",")
            + "\n0," + Array(repeating: "0.5,0.5,,1", count: names.count).joined(separator: ",") + "\n"
        let s = try SkeletonCSV.parse(text, file: "nolegs.csv")
        #expect(s.layout == .coco17 && !s.hasDepth)
        #expect(s.confidence(frame: 0, joint: Joint.leftAnkle.rawValue) == 0 && s.confidence(frame: 0, joint: Joint.leftWrist.rawValue) == 1)
    }
}
