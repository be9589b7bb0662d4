import Foundation
import TestSupport
import Testing

/// `evaluate --data A --data B` scores two folders as one (two synthetic test sets of other people: twice the clips in
/// each camera bin); it once kept the last folder silently. A folder given twice is refused in one line.
@Suite struct PooledEvaluationTests {
    @Test func twoFoldersAreScoredAsOne() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("sets/T"), ["--clips-per-class", "1", "--subjects", "2", "--first-subject", "611", "--seed", "3"])
        try synthesize(scratch.file("sets/T2"), ["--clips-per-class", "1", "--subjects", "2", "--first-subject", "621", "--seed", "4"])
        func clips(_ data: [String]) throws -> (support: Int, subjects: Int, names: [String]) {
            let r = try punchcoach(["evaluate", "--json", "--by-camera"] + data.flatMap { ["--data", scratch.file($0)] })
            #expect(r.status == 0, "\(r.stderr)")
            let json = try r.json()
            let support = (json["classes"] as? [[String: Any]] ?? []).compactMap { $0["support"] as? Int }.reduce(0, +)
            let cameras = (json["by_camera"] as? [[String: Any]] ?? []).compactMap { $0["clips"] as? Int }.reduce(0, +)
            #expect(cameras == support, "\(json["by_camera"] ?? "no by_camera")")
            let names = (json["misclassified"] as? [[String: Any]] ?? []).compactMap { $0["clip"] as? String }
            return (support, (json["subjects"] as? [String])?.count ?? -1, names)
        }
        let a = try clips(["sets/T"]), b = try clips(["sets/T2"]), pooled = try clips(["sets/T", "sets/T2"])
        #expect(a.support == 7 && b.support == 7)
        #expect(pooled.support == a.support + b.support)
        #expect(pooled.subjects == a.subjects + b.subjects, "\(a.subjects) + \(b.subjects) → \(pooled.subjects)")
        #expect(pooled.names.sorted() == (a.names.map { "T/" + $0 } + b.names.map { "T2/" + $0 }).sorted())

        let twice = try punchcoach(["evaluate", "--data", scratch.file("sets/T"), "--data", scratch.file("sets/T") + "/"])
        #expect(twice.status != 0)
        #expect(twice.stderrLines.last?.hasSuffix("sets/T is given twice; pool each folder once") == true, "\(twice.stderr)")
        // Refused before either folder is read: `sets` itself is no dataset (two synthetic sets side by side).
        let nested = try punchcoach(["evaluate", "--data", scratch.file("sets"), "--data", scratch.file("sets/T2")])
        #expect(nested.status != 0)
        #expect(nested.stderrLines.last?.hasSuffix("sets/T2 lies inside \(URL(fileURLWithPath: scratch.file("sets")).resolvingSymlinksInPath().path), whose recordings it would score twice; pool folders side by side") == true,
                "\(nested.stderr)")
    }
}
