import Foundation
import PunchKit
import Testing
import TestSupport
@testable import PoseVision

/// The one input factory: what an INPUT names, and what opening it gives or refuses.
@Suite struct InputSpecTests {
    @Test func anArgumentNamesItsKindOfInput() throws {
        let dir = try ScratchDirectory()
        for name in ["a.csv", "b.mp4", "c.PNG", "d.txt", "e"] {
            _ = FileManager.default.createFile(atPath: dir.file(name), contents: Data())
        }
        #expect(try InputSpec("camera:2") == .camera(2))
        #expect(try InputSpec(dir.file("a.csv")) == .skeletons(URL(fileURLWithPath: dir.file("a.csv"))))
        #expect(try InputSpec(dir.file("b.mp4")) == .video(URL(fileURLWithPath: dir.file("b.mp4"))))
        #expect(try InputSpec(dir.file("c.PNG")) == .image(URL(fileURLWithPath: dir.file("c.PNG"))))
        #expect(try InputSpec(dir.file("b.mp4")).live() == .liveVideo(URL(fileURLWithPath: dir.file("b.mp4"))))
        #expect(throws: InputError("camera:x: a camera is camera:N with N = 0, 1, …")) { try InputSpec("camera:x") }
        #expect(throws: InputError("\(dir.path): is a folder; give a file or camera:N")) { try InputSpec(dir.path) }
        let unknown = #expect(throws: InputError.self) { try InputSpec(dir.file("d.txt")) }
        #expect(unknown?.description.hasPrefix("\(dir.file("d.txt")): unknown kind of file '.txt'") == true)
        let bare = #expect(throws: InputError.self) { try InputSpec(dir.file("e")) }
        #expect(bare?.description.hasPrefix("\(dir.file("e")): a file without an extension;") == true)
        #expect(throws: InputError.self) { try InputSpec(dir.file("a.csv")).live() }
    }

    @Test func aSkeletonFileIsReplayedInTheCanonicalLayout() throws {
        let dir = try ScratchDirectory()
        var s = SkeletonSequence(layout: .coco17, units: .px, source: "test")
        for f in 0..<3 { s.append(time: Double(f) / 30, positions: Array(repeating: Vec3(1, 2, 0), count: 17), confidences: Array(repeating: 1, count: 17)) }
        try SkeletonCSV.write(s, to: URL(fileURLWithPath: dir.file("s.csv")))
        let source = try InputSpec.skeletons(URL(fileURLWithPath: dir.file("s.csv"))).open()
        #expect(source.units == .px && !source.positionsHaveDepth && !source.isRealTime)
        var times: [Double] = []
        try source.forEachFrame(maxSeconds: 0.04) { times.append($0.time) }
        #expect(times.count == 2)  // 0, 1/30; 2/30 is past 0.04 s
    }

    @Test func whatCannotBeOpenedIsRefusedInOneLine() throws {
        #expect(throws: InputError("/nonexistent/s.csv: no such file; give a skeleton CSV")) {
            try InputSpec.skeletons(URL(fileURLWithPath: "/nonexistent/s.csv")).open()
        }
        #expect(throws: InputError("/nonexistent/v.mp4: no such file; give a video")) {
            try InputSpec.video(URL(fileURLWithPath: "/nonexistent/v.mp4")).open()
        }
        #expect(throws: InputError.self) { try InputSpec.demo.open() }  // only the coach makes the demo
    }
}
