import Foundation
import TestSupport
import Testing

/// One damaged file in a dataset: `evaluate` scores every other recording and names the damaged one (file
/// and line) on stderr and in the JSON's errors; `train`, which must not learn from part of what it was
/// given, refuses in one line.
@Suite struct UnreadableFileTests {
    @Test func evaluateScoresTheRestAndNamesTheFileTrainRefuses() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "2", "--first-subject", "601", "--seed", "3"])
        let folder = scratch.file("d/hook")
        let damaged = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first)
        let path = folder + "/" + damaged
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        var cells = lines[4].components(separatedBy: ",")
        cells[1] = "nan"  // line 5, the first joint's x
        lines[4] = cells.joined(separator: ",")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let e = try punchcoach(["evaluate", "--data", scratch.file("d"), "--json"])
        #expect(e.status == 0, "\(e.stderr)")
        let json = try e.json()
        let support = (json["classes"] as? [[String: Any]] ?? []).compactMap { $0["support"] as? Int }.reduce(0, +)
        #expect(support == 13, "\(e.stdout)")  // 14 clips, one unreadable
        let errors = json["errors"] as? [[String: Any]] ?? []
        #expect(errors.count == 1 && (errors.first?["clip"] as? String) == "hook/\(damaged)", "\(errors)")
        let message = errors.first?["message"] as? String ?? ""
        #expect(message.contains("\(damaged):5: 'nan'"), "\(errors)")
        #expect(e.stderr.contains("error: \(path):5: 'nan' in column"), "\(e.stderr)")

        let t = try punchcoach(["train", "--data", scratch.file("d"), "--out", scratch.file("m.model"), "--epochs", "1"])
        #expect(t.status != 0)
        let refusal = t.stderr.split(separator: "\n").filter { $0.contains(path) }
        #expect(refusal.count == 1 && refusal[0].contains(":5: 'nan' in column"), "\(t.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("m.model")))
    }
}
