import Foundation
import PunchKit
import TestSupport
import Testing

/// `classify` takes the stance a skeleton CSV states (`stance=` in its first line) before reading it from
/// the body, as `--stance` says and `evaluate` does; the option is for inputs that do not say.
@Suite(.enabled(if: coachModel != nil, "needs a model (Weights/punch-classifier.model or $PUNCHCOACH_MODEL)"))
struct ClassifyStanceTests {
    @Test func theStanceAFileStatesIsUsed() throws {
        let dir = try ScratchDirectory()
        try synthesize(dir.file("d"), ["--clips-per-class", "1", "--subjects", "1", "--rounds", "1", "--round-seconds", "20", "--seed", "5"])
        let rounds = try FileManager.default.contentsOfDirectory(atPath: dir.file("d/rounds"))
        let round = try #require(rounds.first { $0.hasSuffix(".csv") && !$0.hasSuffix(".events.csv") })
        let text = try String(contentsOfFile: dir.file("d/rounds/\(round)"), encoding: .utf8)
        let header = String(text.prefix { $0 != "\n" })
        let stated = try #require(["orthodox", "southpaw"].first { header.contains(" stance=\($0)") })
        let other = stated == "orthodox" ? "southpaw" : "orthodox"
        let body = text.dropFirst(header.count)

        func stance(_ firstLine: String, _ options: [String] = []) throws -> String? {
            let path = dir.file("r-\(UUID().uuidString).csv")
            try (firstLine + body).write(toFile: path, atomically: true, encoding: .utf8)
            let r = try punchcoach(["classify", path, "--model", coachModel!, "--json"] + options)
            #expect(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return json?["stance"] as? String
        }
        // Read from the body, the boxer is what the generator made him.
        let unstated = header.replacingOccurrences(of: " stance=\(stated)", with: "")
        #expect(try stance(unstated) == stated)
        // A file that states the other stance is taken at its word, over the body and over the option.
        let swapped = header.replacingOccurrences(of: " stance=\(stated)", with: " stance=\(other)")
        #expect(try stance(swapped) == other)
        #expect(try stance(swapped, ["--stance", stated]) == other)
        // Without a stated stance the option decides.
        #expect(try stance(unstated, ["--stance", other]) == other)
    }

    /// 2D keypoints cannot show the stance (which foot leads is a matter of depth): without `stance=` or
    /// `--stance` the boxer is read as orthodox, and `classify` and `evaluate` say it was assumed, and how to
    /// read a southpaw; a 3D file's stance is read from the body, a given one is given.
    @Test func a2DFileSaysItsStanceWasAssumed() throws {
        let dir = try ScratchDirectory()
        try synthesize(dir.file("d"), ["--clips-per-class", "1", "--subjects", "1", "--rounds", "1", "--round-seconds", "20", "--seed", "5"])
        let rounds = try FileManager.default.contentsOfDirectory(atPath: dir.file("d/rounds"))
        let round = try #require(rounds.first { $0.hasSuffix(".csv") && !$0.hasSuffix(".events.csv") })
        let flat = dir.file("flat.csv")
        try Self.flatten(dir.file("d/rounds/\(round)"), to: flat)

        func classify(_ path: String, _ options: [String] = []) throws -> (reading: String?, stance: String?, log: String) {
            let r = try punchcoach(["classify", path, "--model", coachModel!, "--json"] + options)
            #expect(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let plain = try punchcoach(["classify", path, "--model", coachModel!] + options)
            return (json?["stance_reading"] as? String, json?["stance"] as? String, plain.stderr + plain.stdout)
        }
        let assumed = try classify(flat)
        #expect(assumed.reading == "assumed" && assumed.stance == "orthodox")
        #expect(assumed.log.contains("stance orthodox (assumed: 2D keypoints cannot tell it; --stance southpaw if the boxer leads with the right)"))
        let given = try classify(flat, ["--stance", "southpaw"])
        #expect(given.reading == "given" && given.stance == "southpaw")
        #expect(!given.log.contains("assumed"))
        #expect(try classify(dir.file("d/rounds/\(round)")).reading == "given")

        // evaluate counts the recordings it read as orthodox for want of a stance.
        let clips = try FileManager.default.contentsOfDirectory(atPath: dir.file("d/jab")).filter { $0.hasSuffix(".csv") }
        try FileManager.default.createDirectory(atPath: dir.file("e/jab"), withIntermediateDirectories: true)
        for c in clips { try Self.flatten(dir.file("d/jab/\(c)"), to: dir.file("e/jab/\(c)")) }
        func evaluate(_ data: String, _ options: [String] = []) throws -> (count: Int?, log: String) {
            let r = try punchcoach(["evaluate", "--data", data, "--model", coachModel!, "--json"] + options)
            #expect(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return (json?["stance_assumed"] as? Int, r.stderr)
        }
        let flatSet = try evaluate(dir.file("e"))
        #expect(flatSet.count == clips.count)
        #expect(flatSet.log.contains("read as orthodox boxers'") && flatSet.log.contains("--stance southpaw"))
        #expect(try evaluate(dir.file("e"), ["--stance", "orthodox"]).count == 0)
        #expect(try evaluate(dir.file("d")).count == 0)
    }

    /// A synthetic skeleton CSV as a 2D pose tool gives it: no depth, no world coordinates, no stance.
    static func flatten(_ path: String, to out: String) throws {
        var s = try SkeletonCSV.read(URL(fileURLWithPath: path)).flattenedToPicture()
        s.extra.removeAll { $0.key == "stance" }
        try SkeletonCSV.write(s, to: URL(fileURLWithPath: out))
    }
}
