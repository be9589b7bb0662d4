import Foundation
import Testing
import TestSupport
@testable import PunchKit

/// Damaged event CSVs (`classify --truth`, `X.events.csv`) and `annotations.csv` files (issue 13):
/// read, or refused in one line naming the file.
@Suite struct EventAndAnnotationFuzzTests {
    @Test func damagedEventCSVsAreReadOrRefusedInOneLine() throws {
        let events = [
            PunchEvent(start: 1.25, end: 1.6, label: "jab", hand: .lead, confidence: 0.93, peakSpeed: 4.1),
            PunchEvent(start: 2, end: 2.55, label: "double_jab", hand: .lead, confidence: 0.8, peakSpeed: 3.75),
            PunchEvent(start: 3.1, end: 3.4, label: "hook", hand: .rear, confidence: 1, peakSpeed: 0),
            PunchEvent(start: 4, end: 9.5, label: "idle", hand: .none, confidence: 1, peakSpeed: 0),
        ]
        // Truth files may leave out confidence and speed, leave a hand empty and quote a cell.
        let truth = "start,end,label,hand\n0.5,0.8,cross,rear\n1,1.3,\"uppercut\",\n2,4,idle,none\n"
        let inputs = [Array(EventCSV.text(of: events).utf8), Array(truth.utf8)]
        let report = try FuzzCampaign("events-csv", cases: 2000).run(mutating: inputs, fileName: "round.events.csv") { _ = try EventCSV.read($0) }
        report.expectNoFailures()
    }

    @Test func damagedAnnotationsAreReadOrRefusedInOneLine() throws {
        let scratch = try ScratchDirectory()
        let written = scratch.url.appendingPathComponent("annotations.csv")
        try Annotation.write([
            Annotation(file: "jab/s01_jab_0001.csv", label: "jab", start: 0.25, end: 0.75),
            Annotation(file: "jab/s01_jab_0001.csv", label: "stance", start: 0.75, end: 2),
            Annotation(file: "rounds/s02_round_001.csv", label: "cross", start: 10.5, end: 10.9),
        ], to: written)
        let inputs = [Array(try Data(contentsOf: written))]
        let report = try FuzzCampaign("annotations-csv", cases: 1500).run(mutating: inputs, fileName: "annotations.csv") { _ = try Annotation.read($0) }
        report.expectNoFailures()
    }
}
