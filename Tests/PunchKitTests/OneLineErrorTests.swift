import Foundation
import Testing
import TestSupport
@testable import PunchKit

/// Errors quote the file's own text, and stay one line whatever it holds (issue 13). Each input below
/// is one the fuzzer found (`Fuzz/`): a control character or line separator in a cell, a header or an
/// index's clip name came out raw in the error, which a terminal showed on two lines.
@Suite struct OneLineErrorTests {
    let scratch: ScratchDirectory
    init() throws { scratch = try ScratchDirectory() }

    func refusal(_ name: String, _ text: String, read: (URL) throws -> Void) throws -> String {
        let url = scratch.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        let error = try #require(throws: (any Error).self) { try read(url) }
        let description = String(describing: error)
        #expect(description.oneLine == description, "no line breaks nor controls")
        return description
    }

    @Test func aCarriageReturnInAnEventCSVHeader() throws {
        let text = "start,end,la\rbel,hand\n0.5,0.8,cross,rear\n1,1.3,\"uppercut\",\n2,4,idle,none\n"
        let d = try refusal("round.events.csv", text) { _ = try EventCSV.read($0) }
        #expect(d.hasSuffix(#"round.events.csv:1: missing column 'label' (header: start,end,la\rbel,hand)"#))
    }

    @Test func aCarriageReturnInAnEventCSVHand() throws {
        let text = "start,end,label,hand,confidence,peak_speed\r\n1.25,1.6,jab,lead,0.93,4.1\r\n4,9.5,idle,\rnone,1,0\r\n"
        let d = try refusal("round.events.csv", text) { _ = try EventCSV.read($0) }
        #expect(d.hasSuffix(#"round.events.csv:3: hand '\rnone' is not lead, rear or none"#))
    }

    @Test func lineSeparatorsInAnAnnotation() throws {
        let text = "file,label,start,end\njab/s01_jab_0001.csv,jab,\u{2028}\u{0301}é$\u{A0}\u{200D}\u{2028},0.75\n"
        let d = try refusal("annotations.csv", text) { _ = try Annotation.read($0) }
        #expect(d.hasSuffix("annotations.csv:2: '\\u{2028}\u{0301}é$\u{A0}\u{200D}\\u{2028}' in column 'start' is not a finite number"))
    }

    /// The clip's path, taken from the index, is escaped too.
    @Test func aCarriageReturnInAnIndexedClipName() throws {
        let index = "clip,label,subject\njab\r/s01_jab_0001,jab,1\n"
        let d = try refusal("set/index.csv", index) { _ = try Dataset.load($0.deletingLastPathComponent()) }
        #expect(d.hasPrefix(scratch.url.appendingPathComponent("set").path + #"/jab\r/s01_jab_0001.csv: cannot read the file"#))
    }

    @Test func aCarriageReturnInASkeletonCell() throws {
        let joints = JointLayout.coco17.joints
        let header = "t," + joints.map { "\($0)_x,\($0)_y" }.joined(separator: ",")
        let row = "0," + Array(repeating: "1", count: 33).joined(separator: ",") + ",0.9\r684829703714897"
        let d = try refusal("clip.csv", header + "\n" + row + "\n") { _ = try SkeletonCSV.read($0) }
        #expect(d.hasSuffix(#"clip.csv:2: '0.9\r684829703714897' in column 'right_ankle_y' is not a finite number"#))
    }

    @Test func controlsAndSeparatorsAreEscapedOtherTextIsKept() {
        #expect("a\nb\rc\td\u{0B}e\u{85}f\u{2028}g\u{2029}h\u{1B}[2J\0".oneLine == #"a\nb\rc\td\u{B}e\u{85}f\u{2028}g\u{2029}h\u{1B}[2J\u{0}"#)
        #expect("jab 👊🏽 é\u{200D}ß".oneLine == "jab 👊🏽 é\u{200D}ß")
        #expect(DataFileError(file: "f.csv", line: 3, "'\n'").description == #"f.csv:3: '\n'"#)
    }
}
