import Foundation
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
}
