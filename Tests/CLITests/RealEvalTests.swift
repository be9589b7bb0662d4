import Foundation
import TestSupport
import Testing

/// `punchcoach evaluate`'s options for real sets (--index, --merge, --by-camera, short and broken clips)
/// and `tools/real-eval`, which runs it on every set of ../shared/datasets.
@Suite struct RealEvalTests {
    static let realEval = repositoryRoot.appendingPathComponent("tools/real-eval").path
    static let datasets = repositoryRoot.appendingPathComponent("../shared/datasets").standardizedFileURL
    static var precogPresent: Bool {
        FileManager.default.fileExists(atPath: datasets.appendingPathComponent("precog-dev/sequences/recordings").path)
    }
    static var coachMePresent: Bool { FileManager.default.fileExists(atPath: coachMeFolder.appendingPathComponent("index.csv").path) }

    /// Synthetic clips copied into a flat folder with two index files: `index.csv` (jab, cross) and
    /// `index_coarse.csv`, which adds a `straight` clip, a hook, a 0.3-s clip and a clip of one frame.
    func flatDataset(in scratch: ScratchDirectory) throws -> String {
        try synthesize(scratch.file("synth"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "301", "--seed", "3"])
        let flat = scratch.file("flat")
        try FileManager.default.createDirectory(atPath: flat, withIntermediateDirectories: true)
        func lines(_ label: String) throws -> [String] {
            let folder = scratch.file("synth/\(label)")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".csv") })
            return try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8).split(separator: "\n").map(String.init)
        }
        func write(_ name: String, _ lines: [String]) throws {
            try (lines.joined(separator: "\n") + "\n").write(toFile: "\(flat)/\(name).csv", atomically: true, encoding: .utf8)
        }
        try write("a_jab", lines("jab"))
        try write("b_cross", lines("cross"))
        try write("c_hook", lines("hook"))
        let jab = try lines("jab")
        let t0 = try #require(Double(jab[2].split(separator: ",")[0]))
        try write("d_short", Array(jab.prefix(2)) + jab.dropFirst(2).filter { Double($0.split(separator: ",")[0])! <= t0 + 0.3 })
        try write("e_one_frame", Array(jab.prefix(3)))
        try "clip,label\na_jab,jab\nb_cross,cross\n".write(toFile: "\(flat)/index.csv", atomically: true, encoding: .utf8)
        try "clip,label\na_jab,jab\nb_cross,straight\nc_hook,hook\nd_short,jab\ne_one_frame,jab\n"
            .write(toFile: "\(flat)/index_coarse.csv", atomically: true, encoding: .utf8)
        return flat
    }

    /// --index reads the other index; --merge scores jab, cross and `straight` as one family on both sides;
    /// a 0.3-s clip is classified (padded); a one-frame clip is an error line naming its file, not a crash.
    @Test func indexFamiliesShortAndBrokenClips() throws {
        let scratch = try ScratchDirectory()
        let flat = try flatDataset(in: scratch)
        let plain = try punchcoach(["evaluate", "--data", flat, "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try plain.json()["clips"] as? Int == 2)

        let r = try punchcoach(["evaluate", "--data", flat, "--index", "index_coarse.csv", "--merge", "straight=jab,double_jab,cross", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        #expect(json["clips"] as? Int == 4)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors.first?["clip"] as? String == "e_one_frame.csv", "\(errors)")
        let errorLines = r.stderrLines.filter { $0.hasPrefix("error: ") }
        #expect(errorLines.count == 1 && errorLines[0].contains("\(flat)/e_one_frame.csv") && errorLines[0].contains("only 1 frame"),
                "\(r.stderr)")
        #expect((json["padded_clips"] as? Int ?? 0) >= 1)
        let confusion = try #require(json["confusion"] as? [String: Any])
        let labels = try #require(confusion["labels"] as? [String])
        #expect(labels.first == "straight" && !labels.contains("jab") && !labels.contains("cross"), "\(labels)")
        let classes = try #require(json["classes"] as? [[String: Any]])
        let straight = try #require(classes.first { $0["label"] as? String == "straight" })
        #expect(straight["support"] as? Int == 3)
        #expect(json["merge"] as? [String: [String]] == ["straight": ["jab", "double_jab", "cross"]])

        let missing = try punchcoach(["evaluate", "--data", flat, "--index", "nope.csv"])
        #expect(missing.status != 0 && missing.stderrLines.count == 1 && missing.stderr.contains("nope.csv"), "\(missing.stderr)")
        let bad = try punchcoach(["evaluate", "--data", flat, "--merge", "straight"])
        #expect(bad.status != 0 && bad.stderrLines.count == 1 && bad.stderr.contains("--merge"), "\(bad.stderr)")
    }

    /// --by-view: the clips per apparent view, in the bins' order, covering every clip, each with its classes;
    /// a miss names its apparent yaw, and --by-camera's rows give theirs beside the yaw stated.
    @Test func byViewCoversEveryClip() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("s"), ["--clips-per-class", "2", "--subjects", "2", "--first-subject", "301", "--seed", "1"])
        let r = try punchcoach(["evaluate", "--data", scratch.file("s"), "--by-view", "--by-camera", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let rows = try #require(json["by_view"] as? [[String: Any]])
        #expect(rows.reduce(0) { $0 + ($1["clips"] as? Int ?? 0) } == json["clips"] as? Int)
        let order = ["frontal", "three-quarter", "side-on"]
        let views = rows.compactMap { $0["view"] as? String }
        #expect(views.count == rows.count && views == order.filter(views.contains), "\(views)")  // every clip has shoulders and hips
        for row in rows {
            let lo = try #require(row["yaw_min"] as? Double), hi = try #require(row["yaw_max"] as? Double)
            #expect(hi - lo == 30)
            let ratio = try #require(row["shoulder_ratio"] as? Double)
            #expect(ratio > 0 && ratio < 1.2)
            let classes = try #require(row["classes"] as? [[String: Any]])
            #expect(classes.reduce(0) { $0 + ($1["support"] as? Int ?? 0) } == row["clips"] as? Int)
        }
        for miss in try #require(json["misclassified"] as? [[String: Any]]) {
            #expect((0...90).contains(try #require(miss["apparent_yaw"] as? Double)))
        }
        for row in try #require(json["by_camera"] as? [[String: Any]]) {
            #expect((0...90).contains(try #require(row["apparent_yaw"] as? Double)))
        }
        let text = try punchcoach(["evaluate", "--data", scratch.file("s"), "--by-view"])
        #expect(text.stdout.contains("### By apparent view") && text.stdout.contains("| frontal (0–30°) |"), "\(text.stdout)")
        // --view scores one row's clips alone, as --by-view scored them among the others.
        for row in rows {
            let view = try #require(row["view"] as? String)
            let one = try punchcoach(["evaluate", "--data", scratch.file("s"), "--view", view, "--json"])
            #expect(one.status == 0, "\(one.stderr)")
            let alone = try one.json()
            #expect(alone["clips"] as? Int == row["clips"] as? Int, "\(view)")
            let f1 = try #require((alone["macro"] as? [String: Any])?["f1"] as? Double)
            #expect(abs(f1 - (try #require(row["macro_f1"] as? Double))) < 1e-9, "\(view): \(f1) against \(row)")
        }
        // The text names the one view it scored, so a table copied out of it cannot pass for the whole set's.
        let firstView = try #require(rows.first?["view"] as? String)
        let viewText = try punchcoach(["evaluate", "--data", scratch.file("s"), "--view", firstView])
        #expect(viewText.stdout.contains("the recordings seen \(firstView)"), "\(viewText.stdout.prefix(300))")
        #expect(!text.stdout.contains("the recordings seen"), "without --view the title names the data alone")
        let bad = try punchcoach(["evaluate", "--data", scratch.file("s"), "--view", "sideways"])
        #expect(bad.status != 0 && bad.stderrLines.count == 1 && bad.stderr.contains("side-on"), "\(bad.stderr)")
        // Every synthetic clip shows its shoulders and hips, so none is of an unknown view.
        let none = try punchcoach(["evaluate", "--data", scratch.file("s"), "--view", "unknown"])
        #expect(none.status != 0 && none.stderr.split(separator: "\n").last?.contains("none of its 14 recordings is seen unknown") == true,
                "\(none.stderr)")
    }

    /// --by-camera: one row per yaw bin × stance × selfie view of the synthetic clips, covering every clip.
    @Test func byCameraCoversEveryClip() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("s"), ["--clips-per-class", "2", "--subjects", "2", "--first-subject", "301", "--seed", "1"])
        let r = try punchcoach(["evaluate", "--data", scratch.file("s"), "--by-camera", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let rows = try #require(json["by_camera"] as? [[String: Any]])
        #expect(rows.reduce(0) { $0 + ($1["clips"] as? Int ?? 0) } == json["clips"] as? Int)
        for row in rows {
            let lo = try #require(row["yaw_min"] as? Double), hi = try #require(row["yaw_max"] as? Double)
            #expect(hi - lo == 20 && lo.truncatingRemainder(dividingBy: 20) == 0)
            #expect(["orthodox", "southpaw"].contains(row["stance"] as? String))
            #expect(row["selfie"] is Bool)
            #expect((0...1).contains(try #require(row["macro_f1"] as? Double)))
            // The accuracy's interval (all bins together) holds the accuracy; the chance of its misses is a probability.
            let interval = try #require(row["accuracy_interval"] as? [Double]), accuracy = try #require(row["accuracy"] as? Double)
            #expect(interval.count == 2 && interval[0] <= accuracy && accuracy <= interval[1], "\(interval) \(accuracy)")
            #expect((0...1).contains(try #require(row["misses_by_chance"] as? Double)))
            #expect(row["weaker_than_rest"] is Bool)
        }
        // Each clip sits in the bin of the yaw its first line states.
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.file("s/jab")).first)
        let header = try String(contentsOfFile: scratch.file("s/jab/\(first)"), encoding: .utf8).prefix { $0 != "\n" }
        let yaw = try #require(header.split(separator: " ").first { $0.hasPrefix("camera_yaw=") }.flatMap { Double($0.dropFirst(11)) })
        #expect(rows.contains { ($0["yaw_min"] as? Double ?? .nan) <= yaw && yaw < ($0["yaw_max"] as? Double ?? .nan) })
    }

    /// --by-camera on clips that do not say their camera: one group, whose report compares it with nothing (no
    /// "weaker than the rest", no chance's worst group), while clips that say it get both lines.
    @Test func byCameraOnOneGroupComparesNothing() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("s"), ["--clips-per-class", "1", "--subjects", "2", "--first-subject", "301", "--seed", "1"])
        let several = try punchcoach(["evaluate", "--data", scratch.file("s"), "--by-camera"])
        #expect(several.status == 0 && several.stdout.contains("Groups weaker than the rest beyond chance"), "\(several.stderr)")
        for label in try FileManager.default.contentsOfDirectory(atPath: scratch.file("s")) where !label.contains(".") {
            for clip in try FileManager.default.contentsOfDirectory(atPath: scratch.file("s/\(label)")) where clip.hasSuffix(".csv") {
                let path = scratch.file("s/\(label)/\(clip)")
                var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
                lines[0] = lines[0].split(separator: " ")
                    .filter { word in !["camera_yaw=", "stance=", "selfie="].contains { word.hasPrefix($0) } }.joined(separator: " ")
                try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        let json = try punchcoach(["evaluate", "--data", scratch.file("s"), "--by-camera", "--json"]).json()
        let rows = try #require(json["by_camera"] as? [[String: Any]])
        #expect(rows.count == 1 && rows.first?["clips"] as? Int == json["clips"] as? Int, "\(rows)")
        #expect(json["worst_camera"] == nil, "one group has no worst group to read against chance: \(json["worst_camera"] ?? "")")
        let one = try punchcoach(["evaluate", "--data", scratch.file("s"), "--by-camera"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("one group, so none to compare it with"), "\(one.stdout)")
        #expect(!one.stdout.contains("Groups weaker than the rest") && !one.stdout.contains("The worst group of"), "\(one.stdout)")
    }

    @Test func realEvalRefusesAMissingFolderInOneLine() throws {
        let scratch = try ScratchDirectory()
        let r = try runProcess(Self.realEval, [scratch.file("nowhere")])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == 1 && r.stderr.contains(scratch.file("nowhere")), "\(r.stderr)")
        // A folder holding none of the sets evaluates nothing: also refused, not an empty success.
        let empty = try runProcess(Self.realEval, [scratch.path])
        #expect(empty.status != 0 && empty.stderrLines.count == 1 && empty.stderr.contains("none of the known sets"), "\(empty.stderr)")
    }

    /// `tools/recipe-seeds` (a recipe over several seeds), `tools/real-folds` and `tools/must-shows`: bad arguments are one line and exit 2, before
    /// anything is built or trained.
    @Test func recipeAndFoldToolsRefuseBadArgumentsInOneLine() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/recipe-seeds").path
        let scratch = try ScratchDirectory()
        let spec = repositoryRoot.appendingPathComponent("Datasets/synth-v4.json").path
        for args in [["--seeds", "one"], ["--epochs", "3"], ["--data", scratch.file("nowhere")], ["--label"],
                     ["--draws", "11,x"], ["--spec", scratch.file("nowhere.json"), "--draws", "11"], ["--spec", spec],
                     ["--data", scratch.path, "--draws", "11"]] {
            let r = try runProcess(tool, args, environment: ["PUNCHCOACH": nil])
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains("recipe-seeds:"), "\(args): \(r.stderr)")
        }
        // tools/real-folds: no set, a set real-eval does not know, bad numbers, a datasets folder that is not there.
        let folds = repositoryRoot.appendingPathComponent("tools/real-folds").path
        for args in [[String](), ["boxing-nowhere"], ["boxingvi-dev", "--jobs", "0"], ["boxingvi-dev", "--draws", "x"],
                     ["boxingvi-dev", "--datasets", scratch.file("nowhere")], ["boxingvi-dev", "cs229-dev"]] {
            let r = try runProcess(folds, args, environment: ["PUNCHCOACH": nil])
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.hasPrefix("real-folds:"), "\(args): \(r.stderr)")
        }
        // tools/must-shows: a model file that is not there, an unknown option, --out without a folder.
        let mustShows = repositoryRoot.appendingPathComponent("tools/must-shows").path
        for args in [[scratch.file("nowhere.model")], ["--models"], ["--out"]] {
            let r = try runProcess(mustShows, args, environment: ["PUNCHCOACH": nil])
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.hasPrefix("must-shows:"), "\(args): \(r.stderr)")
        }
    }

    /// `tools/real-folds` pairs each fold's networks with the base's of the same draw and seed: the left-out
    /// subject read alone, every other real set from the networks' real-eval reports, the subjects of the set a
    /// fold learnt from and held for validation (from its training log), and each set's mean change over every
    /// fold and network with the networks better / worse. Networks are written by hand as finished, so nothing
    /// trains and no data is drawn. With --shuffle-labels it first writes the control's copy of the set: each
    /// subject's labels shuffled among that subject's clips, the clips linked.
    @Test func realFoldsPairFoldsWithTheBase() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/real-folds").path
        let binary = try #require(punchcoachExecutable(), "the punchcoach executable is not built; run `swift build`")
        let scratch = try ScratchDirectory()
        let set = scratch.file("datasets/boxingvi-dev"), out = scratch.file("out")
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var index = "clip,label,hand,subject\n"
        for k in 0..<12 {
            index += "c\(k),\(["jab", "hook", "uppercut"][k % 3]),\(k % 2 == 0 ? "lead" : "rear"),\(k < 6 ? "A" : "B")\n"
            try "t,x\n".write(toFile: "\(set)/c\(k).csv", atomically: true, encoding: .utf8)
        }
        try index.write(toFile: "\(set)/index.csv", atomically: true, encoding: .utf8)
        /// A finished network: its real-eval scores, its score on each subject read alone, and its training log.
        func network(_ name: String, alone: [String: Double], coachMe: Double, cs229: Double, heldOut: String) throws {
            let prefix = "\(out)/\(name)"
            try #"{"sets": [{"name": "coachme-bx", "score": \#(coachMe)}, {"name": "boxingvi-dev", "score": 0.1}, {"name": "cs229-dev", "score": \#(cs229)}]}"#
                .write(toFile: prefix + ".real.json", atomically: true, encoding: .utf8)
            for (x, f1) in alone { try #"{"macro": {"f1": \#(f1)}}"#.write(toFile: "\(prefix).\(x).json", atomically: true, encoding: .utf8) }
            try "Core: Haswell\nsubjects: 40 for training, 9 held out (\(heldOut))\n".write(toFile: prefix + ".train.log", atomically: true, encoding: .utf8)
            try "ok\n".write(toFile: prefix + ".done", atomically: true, encoding: .utf8)
        }
        for seed in 1...2 {
            try network("base-d11-s\(seed)", alone: ["A": 0.2, "B": 0.3], coachMe: 0.9, cs229: 0.3, heldOut: "s01, s02")
            try network("fold-A-d11-s\(seed)", alone: ["A": 0.4 + 0.1 * Double(seed)], coachMe: 0.8, cs229: 0.4, heldOut: "s01")
            try network("fold-B-d11-s\(seed)", alone: ["B": 0.2], coachMe: 0.9 + 0.06 * Double(seed - 1), cs229: 0.4, heldOut: "A, s01")
            try network("shuffled-A-d11-s\(seed)", alone: ["A": 0.25], coachMe: 0.9, cs229: 0.3, heldOut: "s01")
            try network("shuffled-B-d11-s\(seed)", alone: ["B": 0.3], coachMe: 0.9, cs229: 0.3, heldOut: "s01")
        }
        func run(_ extra: [String] = []) throws -> [String] {
            let r = try runProcess(tool, ["boxingvi-dev", "--seeds", "1,2", "--datasets", scratch.file("datasets"), "--out", out] + extra,
                                   environment: ["PUNCHCOACH": binary])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            return r.stdout.split(separator: "\n").map(String.init)
        }
        let lines = try run()
        #expect(lines.contains("| left out | learnt from | held for validation | boxingvi-dev: left out alone | coachme-bx | cs229-dev |"), "\(lines)")
        #expect(lines.contains("| A | B | — | 0.200 → 0.550 | 0.900 → 0.800 | 0.300 → 0.400 |"), "\(lines)")
        #expect(lines.contains("| B | — | A | 0.300 → 0.200 | 0.900 → 0.930 | 0.300 → 0.400 |"), "\(lines)")
        // A: +0.3, +0.4; B: −0.1 twice. CoachMe: −0.1 twice, 0 and +0.06. cs229: +0.1 in all four.
        #expect(lines.contains("| every fold: change (networks better / worse) | | | +0.125 (2 / 2) | -0.035 (1 / 2) | +0.100 (4 / 0) |"), "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: "\(out)/data-d11"), "every network was finished: no draw is needed")

        let control = try run(["--shuffle-labels"])
        #expect(control.first?.contains("their labels shuffled within each subject") == true, "\(control)")
        #expect(control.contains("| A | B | — | 0.200 → 0.250 | 0.900 → 0.900 | 0.300 → 0.300 |"), "\(control)")
        let copy = "\(out)/boxingvi-dev-labels-shuffled"
        let shuffled = try String(contentsOfFile: "\(copy)/index.csv", encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let original = index.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(shuffled.map { $0[0] } == original.map { $0[0] } && shuffled.map { $0[3] } == original.map { $0[3] })
        for subject in ["A", "B"] {
            func pairs(_ rows: [[String]]) -> [String] { rows.filter { $0[3] == subject }.map { "\($0[1]) \($0[2])" }.sorted() }
            #expect(pairs(shuffled) == pairs(original), "each subject keeps its labels, with their hands")
        }
        #expect(shuffled.map { $0[1] } != original.map { $0[1] }, "labels moved")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(copy)/c0.csv") == "\(set)/c0.csv")
    }

    /// `tools/recipe-compare` pairs two recipes' networks by draw and seed and gives, for each figure, both
    /// means, the mean of the pairs' differences and how many pairs are better or worse — fewer false events
    /// being better. Reports are written by hand here as `tools/real-eval --json` and `evaluate --json` write
    /// them; a network without a twin is left out; two single networks pair; no pair and bad arguments are one line.
    @Test func recipeCompareSetsNetworksSideBySide() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/recipe-compare").path
        let scratch = try ScratchDirectory()
        func write(_ name: String, coachMe: Double, falsePerMinute: Double, mean: Double, synthetic: Double?) throws {
            let real = """
                {"mean": \(mean), "sets": [
                  {"name": "coachme-bx", "status": "ok", "score": \(coachMe), "result": {}},
                  {"name": "precog-sequences", "status": "ok", "score": 0.5, "result": {"events": {"false_per_minute": \(falsePerMinute)}}},
                  {"name": "webcam-dev", "status": "skipped", "score": null}]}
                """
            try real.write(toFile: scratch.file("\(name).real.json"), atomically: true, encoding: .utf8)
            if let synthetic {
                try "{\"macro\": {\"f1\": \(synthetic)}}".write(toFile: scratch.file("\(name).synth3d.json"), atomically: true, encoding: .utf8)
                try "{\"macro\": {\"f1\": \(synthetic + 0.01)}}".write(toFile: scratch.file("\(name).test.json"), atomically: true, encoding: .utf8)
            }
        }
        try write("base-d11-s1", coachMe: 0.90, falsePerMinute: 4, mean: 0.60, synthetic: 0.95)
        try write("base-d11-s2", coachMe: 0.80, falsePerMinute: 6, mean: 0.50, synthetic: 0.93)
        try write("new-d11-s1", coachMe: 0.95, falsePerMinute: 2, mean: 0.62, synthetic: 0.96)
        try write("new-d11-s2", coachMe: 0.70, falsePerMinute: 6, mean: 0.52, synthetic: 0.93)
        try write("new-d13-s1", coachMe: 0.10, falsePerMinute: 60, mean: 0.10, synthetic: nil)  // no twin: left out
        // A report recipe-seeds is still writing: left out, and said so, not a crash.
        try write("base-d11-s3", coachMe: 0.90, falsePerMinute: 4, mean: 0.60, synthetic: 0.95)
        try "".write(toFile: scratch.file("new-d11-s3.real.json"), atomically: true, encoding: .utf8)
        let r = try runProcess(tool, [scratch.file("base"), scratch.file("new")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderrLines.map(String.init) == ["recipe-compare: \(scratch.file("new-d11-s3.real.json")) is not a complete tools/real-eval --json report "
                                  + "(still being written?); that network is left out"], "\(r.stderr)")
        func line(_ figure: String, of stdout: String) -> [String] {
            (stdout.split(separator: "\n").first { $0.hasPrefix(figure + " ") } ?? "").split(separator: " ").map(String.init)
        }
        func line(_ figure: String) -> [String] { line(figure, of: r.stdout) }
        #expect(r.stdout.hasPrefix("2 pairs"), "\(r.stdout)")
        // coachme: 0.85 → 0.825, pairs +0.05 and −0.10: one better, one worse.
        #expect(line("coachme-bx") == ["coachme-bx", "0.850", "0.825", "-0.025", "1", "1", "1.00", "+0.050", "-0.100"], "\(r.stdout)")
        // False events 5 → 4 a minute: the first pair's −2 is better, the second's 0 neither.
        #expect(line("precog false / min") == ["precog", "false", "/", "min", "5.000", "4.000", "-1.000", "1", "0", "1.00", "-2.000", "+0.000"],
                "\(r.stdout)")
        // Both pairs better: the sign test gives 2 · (1/2)² = 0.50, two pairs being too few to say more.
        #expect(line("real mean") == ["real", "mean", "0.550", "0.570", "+0.020", "2", "0", "0.50", "+0.020", "+0.020"], "\(r.stdout)")
        #expect(line("synthetic val. 3D").count == 11, "\(r.stdout)")
        // The synthetic test set (recipe-seeds --test): 0.95 → 0.955, pairs +0.01 and +0.
        #expect(line("synthetic test") == ["synthetic", "test", "0.950", "0.955", "+0.005", "1", "0", "1.00", "+0.010", "+0.000"], "\(r.stdout)")
        #expect(!r.stdout.contains("webcam"), "a skipped set is no figure: \(r.stdout)")

        // Two prefixes that each name one network (OUT/LABEL-dD-sS) pair with each other, whatever their draws.
        let single = try runProcess(tool, [scratch.file("base-d11-s1"), scratch.file("new-d13-s1")])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(single.stdout.hasPrefix("1 pair: the network \(scratch.file("base-d11-s1")) against \(scratch.file("new-d13-s1"))"), "\(single.stdout)")
        #expect(line("real mean", of: single.stdout) == ["real", "mean", "0.600", "0.100", "-0.500", "0", "1", "1.00", "-0.500"], "\(single.stdout)")
        let none = try runProcess(tool, [scratch.file("base"), scratch.file("other")])
        #expect(none.status == 1 && none.stderrLines.count == 1 && none.stderr.contains(scratch.file("other")), "\(none.stderr)")
        for args in [[scratch.file("base")], ["--seeds", scratch.file("base")]] {
            let bad = try runProcess(tool, args)
            #expect(bad.status == 2 && bad.stderrLines.count == 1 && bad.stderr.contains("recipe-compare:"), "\(args): \(bad.stderr)")
        }
    }

    /// recipe-compare's decision (docs/real-people.md, "How a recipe is judged when the real sets disagree"): a
    /// random-effects pooling over the real sets of each set's paired change, its noise from the clips resampled
    /// (rebuilt from each report's classes and misread clips; PRECOG's sequences from their recordings' counts)
    /// and from the pairs' spread. Three pairs of hand-built reports: four sets gaining (the small one least
    /// surely) are better; the same read the other way round are worse; a large set gaining and another as
    /// large losing as much leave the sets disagreeing beyond their noise, and the pooled interval straddles
    /// zero. A report whose score its clips
    /// or recordings do not give is said so in one line a set and falls back to its interval; a pair trained with
    /// other OpenBLAS kernels is said so in one line.
    @Test func recipeCompareJudgesByRandomEffectsOverTheSets() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/recipe-compare").path
        let scratch = try ScratchDirectory()
        let labels = ["jab", "cross", "hook"]
        /// One set's `evaluate --json` result: `perClass` clips of each label, the first `misread` of each read
        /// as the next label; and its macro-F1 as ClassificationReport gives it. Scored by families (`--merge`
        /// jab=jab,lead_jab), so one more clip, a lead jab read as a jab, is listed as misread and is right.
        func evaluation(perClass: Int, misread: Int) -> (json: String, f1: Double) {
            var misses = [#"{"clip": "lead.csv", "truth": "lead_jab", "predicted": "jab"}"#], f1s: [Double] = [], classes: [String] = []
            for (i, label) in labels.enumerated() {
                for k in 0..<misread {
                    misses.append(#"{"clip": "\#(label)-\#(k).csv", "truth": "\#(label)", "predicted": "\#(labels[(i + 1) % 3])"}"#)
                }
                let tp = Double(perClass - misread), f1 = 2 * tp / Double(2 * perClass)  // every class predicted perClass times
                f1s.append(f1)
                classes.append(#"{"label": "\#(label)", "support": \#(perClass), "f1": \#(f1)}"#)
            }
            let f1 = f1s.reduce(0, +) / 3
            return (#"{"macro": {"f1": \#(f1), "f1_interval": [\#(f1 - 0.05), \#(f1 + 0.05)]}, "classes": [\#(classes.joined(separator: ", "))], "#
                    + #""misclassified": [\#(misses.joined(separator: ", "))], "merge": {"jab": ["jab", "lead_jab"]}}"#, f1)
        }
        /// PRECOG's sequences as `evaluate --json` gives them: recordings of 3 punches each, `found[i]` of them
        /// found in the i-th and `falseEvents[i]` false events; and their pooled event F1.
        func sequences(found: [Int], falseEvents: [Int]) -> (json: String, f1: Double) {
            let recordings = zip(found, falseEvents).enumerated().map { i, r in
                #"{"recording": "s\#(i).csv", "true_positives": \#(r.0), "false_positives": \#(r.1), "false_negatives": \#(3 - r.0), "seconds": 30}"#
            }
            let tp = found.reduce(0, +), fp = falseEvents.reduce(0, +), fn = 3 * found.count - tp
            let f1 = Double(2 * tp) / Double(2 * tp + fp + fn)
            return (#"{"events": {"f1": \#(f1), "false_per_minute": \#(Double(fp) / (Double(found.count) / 2)), "f1_interval": [\#(f1 - 0.1), \#(f1 + 0.1)], "recordings": [\#(recordings.joined(separator: ", "))]}}"#, f1)
        }
        /// One network's real-eval report: sets named with (clips a class, clips misread a class), and PRECOG's
        /// sequences when given.
        func network(_ path: String, _ sets: [(name: String, perClass: Int, misread: Int)],
                     events: (found: [Int], falseEvents: [Int])? = nil, scoreOff: Double = 0) throws {
            var entries = sets.map { set -> (String, Double) in
                let e = evaluation(perClass: set.perClass, misread: set.misread)
                return (#"{"name": "\#(set.name)", "status": "ok", "score": \#(e.f1 + scoreOff), "result": \#(e.json)}"#, e.f1)
            }
            if let events {
                let e = sequences(found: events.found, falseEvents: events.falseEvents)
                entries.append((#"{"name": "precog-sequences", "status": "ok", "score": \#(e.f1 + scoreOff), "result": \#(e.json)}"#, e.f1))
            }
            let mean = entries.map(\.1).reduce(0, +) / Double(entries.count)
            let names = (sets.map(\.name) + (events == nil ? [] : ["precog-sequences"])).map { "\"\($0)\"" }.joined(separator: ", ")
            try #"{"mean": \#(mean), "mean_of": [\#(names)], "sets": [\#(entries.map(\.0).joined(separator: ", "))]}"#
                .write(toFile: path + ".real.json", atomically: true, encoding: .utf8)
        }
        func verdict(_ base: String, _ new: String) throws -> (line: String, verdict: String, stderr: String, stdout: String) {
            let r = try runProcess(tool, [scratch.file(base), scratch.file(new)])
            #expect(r.status == 0, "\(r.stderr)")
            let lines = r.stdout.split(separator: "\n").map(String.init)
            return (lines.first { $0.hasPrefix("random effects: change") } ?? "", lines.first { $0.hasPrefix("verdict:") } ?? "", r.stderr, r.stdout)
        }
        for seed in 1...3 {
            // Every set reads better: 30 → 10 + seed, 15 → 5 + seed and 3 → 2 clips misread a class; in six
            // recordings of 3 punches, 1 or 2 found with a false event each → all found, a false event in some.
            try network(scratch.file("a-d11-s\(seed)"), [("large", 100, 30), ("medium", 50, 15), ("small", 10, 3)],
                        events: ([1, 2, 1, 2, 1, 2], [1, 1, 1, 1, 1, 1]))
            try network(scratch.file("b-d11-s\(seed)"), [("large", 100, 10 + seed), ("medium", 50, 5 + seed), ("small", 10, 2)],
                        events: ([3, 3, 3, 3, 3, 3], [seed % 2, 0, 1, 0, 1, 0]))
            // The large set gains as much as the medium one, as large, loses.
            try network(scratch.file("c-d11-s\(seed)"), [("large", 100, 10 + seed), ("medium", 100, 30 + seed), ("small", 10, 2)])
            try network(scratch.file("d-d11-s\(seed)"), [("large", 100, 30), ("medium", 100, 10), ("small", 10, 2)])
        }
        let better = try verdict("a", "b")
        #expect(better.verdict == "verdict: better for real people: shipped, unless it loses a must-show the shipped model meets", "\(better)")
        #expect(better.stderr.isEmpty, "\(better.stderr)")
        let worse = try verdict("b", "a")
        #expect(worse.verdict == "verdict: worse for real people: not shipped", "\(worse)")
        let mixed = try verdict("d", "c")
        #expect(mixed.verdict == "verdict: the real sets cannot tell them apart: the synthetic must-shows decide, one the shipped model meets being a veto", "\(mixed)")
        // "between sets tau T": the sets disagree beyond their noise only in the mixed case.
        func tau(_ line: String) -> Double { Double(line.split(separator: " ").last ?? "") ?? -1 }
        #expect(tau(mixed.line) > 0.1 && tau(better.line) < tau(mixed.line), "\(mixed.line) / \(better.line)")

        // Two single networks (the thirty-eighth stop's amendment): vetoed when the pooled change is below zero or a
        // set reads worse by more than twice its sd; recipes of several pairs get no such line.
        func oneNetwork(_ base: String, _ new: String) throws -> String {
            let out = try verdict(base, new).stdout
            return out.split(separator: "\n").map(String.init).first { $0.hasPrefix("one network against another:") } ?? out
        }
        #expect(try oneNetwork("a-d11-s1", "b-d11-s1")
                == "one network against another: no real set worse beyond its noise and the pooled change not below zero")
        let vetoed = try oneNetwork("b-d11-s1", "a-d11-s1")
        #expect(vetoed.hasPrefix("one network against another: vetoed: the pooled change is below zero; large worse by more than twice its sd"),
                "\(vetoed)")
        #expect(!better.stdout.contains("one network against another"), "\(better.stdout)")
        // Two networks that read the large and medium sets clip for clip alike (one tuned from the other): those sets'
        // change has no resampling variance, and is floored at one clip's worth, (1/n)² for n clips, instead of taking
        // all the weight and squeezing the pooled interval to nothing.
        try network(scratch.file("f-d11-s1"), [("large", 100, 30), ("medium", 50, 15), ("small", 10, 2)])
        try network(scratch.file("g-d11-s1"), [("large", 100, 30), ("medium", 50, 15), ("small", 10, 3)])
        let close = try verdict("g-d11-s1", "f-d11-s1")
        let rows = close.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("  large ") && $0.contains("+0.000 ± 0.003") }, "\(close.stdout)")
        #expect(rows.contains { $0.hasPrefix("  medium ") && $0.contains("+0.000 ± 0.007") }, "\(close.stdout)")
        let bounds = close.line.split(separator: "[").dropFirst().first?.split(separator: "]").first?.split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? []
        #expect(bounds.count == 2 && bounds[1] - bounds[0] > 0.005, "\(close.line)")

        #expect(better.stdout.contains("precog-sequences") && better.stdout.contains("(recordings resampled, paired)"), "\(better.stdout)")

        // A pair trained with other OpenBLAS kernels (recipe-seeds' training log opens with them) is said so; pairs
        // of the same kernels, or without a log, are not.
        for (name, core) in [("a-d11-s1", "Haswell"), ("b-d11-s1", "Cooperlake"), ("a-d11-s2", "Haswell"), ("b-d11-s2", "Haswell")] {
            try "Core: \(core)\nepoch 1/20\n".write(toFile: scratch.file("\(name).train.log"), atomically: true, encoding: .utf8)
        }
        let kernels = try verdict("a", "b")
        #expect(kernels.stderr.split(separator: "\n").map(String.init) == [
            "recipe-compare: the pair (draw 11, seed 1) was trained with other OpenBLAS kernels (Haswell and Cooperlake): it differs by more than its recipe"],
            "\(kernels.stderr)")

        // Reports whose scores are not what their clips or recordings give (a report of an older binary lists no
        // recordings): one line a set, and the set still counts, by its interval.
        try network(scratch.file("e-d11-s1"), [("large", 100, 10), ("medium", 50, 5), ("small", 10, 3)],
                    events: ([3, 3, 3, 3, 3, 3], [0, 0, 0, 0, 0, 0]), scoreOff: 0.01)
        let off = try verdict("a", "e")
        #expect(off.stderr.split(separator: "\n").count == 4 && off.stderr.contains("large: its clips could not be rebuilt from the reports")
                && off.stderr.contains("precog-sequences: its recordings could not be rebuilt"), "\(off.stderr)")
        #expect(off.stdout.contains("(reported intervals, unpaired)"), "\(off.stdout)")
        #expect(off.line.contains("random effects: change"), "\(off.line)")
    }

    /// `tools/punch-shapes` on a punch built by hand: the left arm straightens along the picture's x axis from
    /// 0.3 to 1.0 torso lengths in 0.2 s and stays there; the right arm never moves, its wrist 0.2 torso
    /// lengths below its shoulder. Its measures are those of that motion, and the body's are zero (the feet
    /// blank: no ankles); the same punch thrown while the whole picture drifts right and
    /// down (2 and 1 px a frame, a torso of 100 px) keeps its reach, elbow and timing, its wrist's path in the
    /// picture carries the drift, and its hips travel. Bad arguments are one line and exit 2.
    @Test func punchShapesMeasuresAPunchBuiltByHand() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/punch-shapes").path
        let scratch = try ScratchDirectory()
        let joints = ["nose", "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
                      "left_hip", "right_hip"]
        func punch(drift: (x: Double, y: Double), shoulders: Double = 40, wobble: Double = 0) -> [String] {
            var lines = ["# layout=coco17 units=px source=test", "t," + joints.map { "\($0)_x,\($0)_y,\($0)_z,\($0)_c" }.joined(separator: ",")]
            for f in 0...20 {
                let t = Double(f) / 50, reach = 30 + 70 * min(1, t / 0.2)  // torso = 100 px
                let at: [String: (Double, Double)] = [
                    "nose": (500, 380), "left_shoulder": (500, 400), "right_shoulder": (500 - shoulders, 400),
                    "left_elbow": (500 + reach / 2, 400), "left_wrist": (500 + reach, 400 + (t < 0.2 ? (f % 2 == 0 ? wobble : -wobble) : 0)),
                    "right_elbow": (460, 450), "right_wrist": (460, 420), "left_hip": (500, 500), "right_hip": (460, 500)]
                let (dx, dy) = (drift.x * Double(f), drift.y * Double(f))
                lines.append(String(format: "%.2f", t) + "," + joints.map { "\(at[$0]!.0 + dx),\(at[$0]!.1 + dy),,1" }.joined(separator: ","))
            }
            return lines
        }
        let lines = punch(drift: (0, 0))
        try FileManager.default.createDirectory(atPath: scratch.file("set"), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: scratch.file("set/p1.csv"), atomically: true, encoding: .utf8)
        try (punch(drift: (2, 1)).joined(separator: "\n") + "\n").write(toFile: scratch.file("set/p2.csv"), atomically: true, encoding: .utf8)
        try "clip,label\np1,jab\np2,cross\n".write(toFile: scratch.file("set/index.csv"), atomically: true, encoding: .utf8)
        let r = try runProcess(tool, [scratch.file("set")])
        #expect(r.status == 0, "\(r.stderr)")
        // Medians by measure; the knees' cell is blank (the file has no knees).
        func medians(_ label: String) throws -> [Double?] {
            let row = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("| set | \(label) |") }, "\(r.stdout)")
            return row.split(separator: "|", omittingEmptySubsequences: false).dropFirst(4).dropLast()
                .map { Double($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
        }
        // out_s, reach, gain, elbow, across, up, speed, line, hips, turn, lean, knees, travel, zoom, guard, feet
        // (the right wrist 20 px below its shoulder; no ankles; the wrist's path a straight line, drifting or not)
        let still: [Double?] = [0.2, 1.0, 0.7, 180, 0.7, 0, 3.5, 1, 0, 0, 0, nil, 0, 0, 0.2, nil]
        var drifting = still
        drifting[4] = 0.9  // 70 px of reach and 20 px of drift in the 10 frames out
        drifting[5] = -0.1
        drifting[6] = (9.0 * 9 + 1).squareRoot() * 50 / 100  // 7 + 2 px and 1 px a frame at 50 fps
        drifting[8] = 0.2  // mid-hip goes 20 px down in 20 frames
        drifting[12] = (40.0 * 40 + 20 * 20).squareRoot() / 100
        for (label, expected) in [("jab", still), ("cross", drifting)] {
            let m = try medians(label)
            #expect(m.count == expected.count, "\(label): \(m)")
            for (a, e) in zip(m, expected) {
                if let e { #expect(a.map { abs($0 - e) <= 0.02 * max(1, abs(e)) } == true, "\(label): \(m)") } else { #expect(a == nil) }
            }
        }
        // --by-view: shoulders 40 px apart over a torso of 100 read 56° from square on (three-quarter), 70 px
        // apart 10° (frontal): each label's line is split by view.
        try (punch(drift: (0, 0), shoulders: 70).joined(separator: "\n") + "\n").write(toFile: scratch.file("set/p3.csv"), atomically: true, encoding: .utf8)
        try "clip,label\np1,jab\np2,cross\np3,jab\n".write(toFile: scratch.file("set/index.csv"), atomically: true, encoding: .utf8)
        let byView = try runProcess(tool, ["--by-view", scratch.file("set")])
        #expect(byView.status == 0, "\(byView.stderr)")
        let rows = byView.stdout.split(separator: "\n").filter { $0.hasPrefix("| set | ") }.map { $0.split(separator: "|")[1].trimmingCharacters(in: .whitespaces) }
        #expect(rows == ["label", "cross, three-quarter", "jab, frontal", "jab, three-quarter"], "\(byView.stdout)")
        // A wrist that wavers 5 px up and down each frame on its way out (a pose tool's wobble): its line falls from 1
        // to the start-to-reach distance, √(70² + 5²), over the 10 steps' length: 9 of √(7² + 10²) px, the last √(7² + 5²).
        try FileManager.default.createDirectory(atPath: scratch.file("wobble"), withIntermediateDirectories: true)
        try (punch(drift: (0, 0), wobble: 5).joined(separator: "\n") + "\n").write(toFile: scratch.file("wobble/p1.csv"), atomically: true, encoding: .utf8)
        try "clip,label\np1,jab\n".write(toFile: scratch.file("wobble/index.csv"), atomically: true, encoding: .utf8)
        let wobbly = try runProcess(tool, [scratch.file("wobble")])
        let row = try #require(wobbly.stdout.split(separator: "\n").first { $0.hasPrefix("| wobble | jab |") }, "\(wobbly.stdout)\(wobbly.stderr)")
        let line = try #require(Double(row.split(separator: "|")[10].trimmingCharacters(in: .whitespaces).split(separator: " ")[0]))
        let expected = (4900.0 + 25).squareRoot() / (9 * (49.0 + 100).squareRoot() + (49.0 + 25).squareRoot())
        #expect(abs(line - expected) < 0.01, "\(row)")
        for args in [[String](), ["--limit", "0"], [scratch.file("nowhere")], ["--colour"], [scratch.path]] {
            let bad = try runProcess(tool, args)
            #expect(bad.status == 2 && bad.stderrLines.count == 1 && bad.stderr.contains("punch-shapes:"), "\(args): \(bad.stderr)")
        }
        // A row that is cut short is named by its line in the file (2 header lines + 21 rows, then it), and
        // nothing is printed on stdout.
        try FileManager.default.createDirectory(atPath: scratch.file("broken"), withIntermediateDirectories: true)
        try ((lines + ["0.44,abc"]).joined(separator: "\n") + "\n").write(toFile: scratch.file("broken/p1.csv"), atomically: true, encoding: .utf8)
        try "clip,label\np1,jab\n".write(toFile: scratch.file("broken/index.csv"), atomically: true, encoding: .utf8)
        let broken = try runProcess(tool, [scratch.file("broken")])
        #expect(broken.status == 2 && broken.stderrLines.count == 1 && broken.stdout.isEmpty, "\(broken.stdout)\(broken.stderr)")
        #expect(broken.stderr.contains("p1.csv: line 24:"), "\(broken.stderr)")
    }

    /// `tools/punch-shapes --hip-jumps`: frames whose torso is more than 20 / 25 / 30 % off its median over the 2 s
    /// around, and how far off the median and the 90th-percentile frame are, over a recording built by hand (torso 100 px; the hips 40 px low in 5 frames, 22 px in 10).
    @Test func punchShapesCountsHipsThatJump() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/punch-shapes").path
        let scratch = try ScratchDirectory()
        let joints = ["left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip"]
        var lines = ["t," + joints.map { "\($0)_x,\($0)_y,\($0)_c" }.joined(separator: ",")]
        for f in 0...100 {
            let drop: Double = (30..<35).contains(f) ? 40 : (60..<70).contains(f) ? 22 : 0
            let y = ["left_shoulder": 400, "right_shoulder": 400, "left_elbow": 450, "right_elbow": 450, "left_wrist": 420,
                     "right_wrist": 420, "left_hip": 500 + drop, "right_hip": 500 + drop]
            lines.append(String(format: "%.2f", Double(f) / 50) + "," + joints.map { "\($0.hasPrefix("left") ? 500 : 460),\(y[$0]!),1" }.joined(separator: ","))
        }
        try FileManager.default.createDirectory(atPath: scratch.file("mine"), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: scratch.file("mine/r.csv"), atomically: true, encoding: .utf8)
        try "clip,label\nr,stance\n".write(toFile: scratch.file("mine/index.csv"), atomically: true, encoding: .utf8)
        let r = try runProcess(tool, ["--hip-jumps", scratch.file("mine")])
        #expect(r.status == 0, "\(r.stderr)")
        let row = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("| mine |") }, "\(r.stdout)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        // 86 frames on the median, 10 off by 22 %, 5 by 40 %: the median frame is on it, the 90th percentile 22 % off.
        #expect(cells == ["mine", "1", "101", "14.85 %", "4.95 %", "4.95 %", "0.0 %", "22.0 %"], "\(row)")
    }

    /// `tools/punch-shapes --stray`: a wrist's stray from the midpoint of its neighbouring frames, along its motion and
    /// across it, and the forearm's, by the wrist's speed, over a recording built by hand at 50 fps (torso 100 px). The
    /// left wrist goes right 10 px a frame (5 torso lengths a second) with 2 px to and fro along its way and 3 px up
    /// and down, its elbow with it: it strays 2 × 2 px along, 2 × 3 px across, the forearm not at all. The right wrist
    /// goes left 15 px a frame (7.5 a second) in a straight line away from its elbow, which shakes 5 px along the
    /// forearm: only the forearm strays, 2 × 5 px.
    @Test func punchShapesMeasuresHowAWristStrays() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/punch-shapes").path
        let scratch = try ScratchDirectory()
        let joints = ["left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip"]
        var lines = ["t," + joints.map { "\($0)_x,\($0)_y,\($0)_c" }.joined(separator: ",")]
        for f in 0...20 {
            let sign = f % 2 == 0 ? 1.0 : -1.0
            let leftWrist = (600 + 10 * Double(f) + 2 * sign, 420 + 3 * sign)
            let at: [String: (Double, Double)] = [
                "left_shoulder": (500, 400), "right_shoulder": (460, 400), "left_hip": (500, 500), "right_hip": (460, 500),
                "left_wrist": leftWrist, "left_elbow": (leftWrist.0 - 40, leftWrist.1 + 30),
                "right_wrist": (400 - 15 * Double(f), 420), "right_elbow": (420 + 5 * sign, 420)]
            lines.append(String(format: "%.2f", Double(f) / 50) + "," + joints.map { "\(at[$0]!.0),\(at[$0]!.1),1" }.joined(separator: ","))
        }
        try FileManager.default.createDirectory(atPath: scratch.file("mine"), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: scratch.file("mine/r.csv"), atomically: true, encoding: .utf8)
        try "clip,label\nr,jab\n".write(toFile: scratch.file("mine/index.csv"), atomically: true, encoding: .utf8)
        let r = try runProcess(tool, ["--stray", scratch.file("mine")])
        #expect(r.status == 0, "\(r.stderr)")
        let row = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("| mine |") }, "\(r.stdout)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells == ["mine", "50", "– / – / – (0)", "0.040 / 0.060 / 0.000 (19)", "0.000 / 0.000 / 0.100 (19)", "– / – / – (0)"],
                "\(row)")
        let both = try runProcess(tool, ["--stray", "--hip-jumps", scratch.file("mine")])
        #expect(both.status == 2 && both.stderrLines.count == 1 && both.stdout.isEmpty, "\(both.stdout)\(both.stderr)")
    }

    /// `tools/cue-probe` on a flat set of synthetic clips: one line a probe, in order, the unchanged copy
    /// scoring exactly as `evaluate` scores the set itself; bad arguments are one line and exit 2.
    @Test func cueProbeScoresEachChangedCopy() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/cue-probe").path
        let scratch = try ScratchDirectory()
        let flat = try flatDataset(in: scratch)
        let executable = try #require(punchcoachExecutable(), "the punchcoach executable is not built")
        let r = try runProcess(tool, [flat], environment: ["PUNCHCOACH": executable])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["as-is", "pinned-hips", "still-legs", "no-legs", "dip", "smooth-3", "slow-2", "upright-guard"], "\(r.stdout)")
        #expect(lines.allSatisfy { $0.contains(" 2 clips: jab R ") }, "\(r.stdout)")
        let direct = try punchcoach(["evaluate", "--data", flat, "--json"])
        let macro = try #require(try direct.json()["macro"] as? [String: Any])
        let f1 = try #require(macro["f1"] as? Double)
        #expect(lines.first?.hasSuffix(String(format: "macro-F1 %.3f", f1)) == true, "\(lines.first ?? "") against \(f1)")
        // --view: the clips of one view of the set as it is, named in evaluate's by_view rows.
        let rows = try #require(try punchcoach(["evaluate", "--data", flat, "--json", "--by-view"]).json()["by_view"] as? [[String: Any]])
        let first = try #require(rows.first)
        let names = try #require(first["names"] as? [String])
        #expect(names.count == first["clips"] as? Int && Set(names).isSubset(of: ["a_jab.csv", "b_cross.csv"]), "\(names)")
        let view = try #require(first["view"] as? String)
        let one = try runProcess(tool, [flat, "--probe", "as-is", "--view", view], environment: ["PUNCHCOACH": executable])
        #expect(one.status == 0 && one.stdout.hasPrefix("as-is         \(names.count) clips: "), "\(one.stdout)\(one.stderr)")
        for args in [[String](), [scratch.file("nowhere")], [flat, "--probe", "shaken"], [flat, "--probe", "smooth-4"],
                     [flat, "--probe", "slow-0"], [flat, "--colour"], [flat, "--keep", flat], [flat, "--view", "sideways"]] {
            let bad = try runProcess(tool, args, environment: ["PUNCHCOACH": executable])
            #expect(bad.status == 2 && bad.stderrLines.count == 1 && bad.stderr.contains("cue-probe:"), "\(args): \(bad.stderr)")
        }
    }

    /// `tools/cue-probe --keep`: the changed copies as the probes say. smooth-3 gives each joint the mean of its
    /// frame and the two beside it, slow-2 doubles every time, upright-guard stands the arm that reaches less
    /// (a jab's rear arm) up: its wrist one median forearm straight above its elbow; nothing else moves.
    @Test func cueProbeSmoothsSlowsAndStandsTheGuardUp() throws {
        let tool = repositoryRoot.appendingPathComponent("tools/cue-probe").path
        let scratch = try ScratchDirectory()
        let flat = try flatDataset(in: scratch)
        let executable = try #require(punchcoachExecutable(), "the punchcoach executable is not built")
        let kept = scratch.file("kept")
        let r = try runProcess(tool, [flat, "--probe", "smooth-3", "--probe", "slow-2", "--probe", "upright-guard", "--keep", kept],
                               environment: ["PUNCHCOACH": executable])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 3, "\(r.stdout)")
        /// Header and rows of a skeleton CSV, comments left out.
        func table(_ path: String) throws -> (header: [String], rows: [[Double?]]) {
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            let cells = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            return (cells[0], cells.dropFirst().map { $0.map { Double($0) } })
        }
        let original = try table("\(flat)/a_jab.csv")
        func column(_ name: String) throws -> Int { try #require(original.header.firstIndex(of: name), "\(name)") }
        let t = try column("t"), x = try column("left_wrist_x"), z = try column("left_wrist_z"), c = try column("left_wrist_c")
        let smooth = try table("\(kept)/smooth-3/a_jab.csv")
        #expect(smooth.header == original.header && smooth.rows.count == original.rows.count)
        for i in 1..<(original.rows.count - 1) where (i - 1...i + 1).allSatisfy({ original.rows[$0][c]! > 0 }) {
            let mean = (original.rows[i - 1][x]! + original.rows[i][x]! + original.rows[i + 1][x]!) / 3
            #expect(abs(smooth.rows[i][x]! - mean) < 0.002, "frame \(i)")
            #expect(smooth.rows[i][t] == original.rows[i][t] && smooth.rows[i][z] == original.rows[i][z])
        }
        let slow = try table("\(kept)/slow-2/a_jab.csv")
        for (a, b) in zip(slow.rows, original.rows) {
            #expect(abs(a[t]! - 2 * b[t]!) < 1e-4 && a[x] == b[x])
        }
        let upright = try table("\(kept)/upright-guard/a_jab.csv")
        /// Frames where a joint is seen, and the picture distance between two joints in a frame.
        func seen(_ row: [Double?], _ joints: String...) throws -> Bool { try joints.allSatisfy { row[try column("\($0)_c")]! > 0 } }
        func distance(_ row: [Double?], _ a: String, _ b: String) throws -> Double {
            hypot(row[try column("\(a)_x")]! - row[try column("\(b)_x")]!, row[try column("\(a)_y")]! - row[try column("\(b)_y")]!)
        }
        func reach(_ side: String) throws -> Double {
            try original.rows.filter { try seen($0, "\(side)_shoulder", "\(side)_wrist") }
                .map { try distance($0, "\(side)_shoulder", "\(side)_wrist") }.max()!
        }
        let guardSide = try reach("left") < reach("right") ? "left" : "right", punching = guardSide == "left" ? "right" : "left"
        let forearms = try original.rows.filter { try seen($0, "\(guardSide)_elbow", "\(guardSide)_wrist") }
            .map { try distance($0, "\(guardSide)_elbow", "\(guardSide)_wrist") }.sorted()
        let forearm = (forearms[(forearms.count - 1) / 2] + forearms[forearms.count / 2]) / 2  // the median
        let (ex, ey) = (try column("\(guardSide)_elbow_x"), try column("\(guardSide)_elbow_y"))
        let (wx, wy) = (try column("\(guardSide)_wrist_x"), try column("\(guardSide)_wrist_y"))
        let other = try column("\(punching)_wrist_x")
        for (a, b) in zip(upright.rows, original.rows) where try seen(b, "\(guardSide)_elbow", "\(guardSide)_wrist") {
            #expect(abs(a[wx]! - b[ex]!) < 0.002 && abs(a[wy]! - (b[ey]! - forearm)) < 0.01)  // picture y points down
            #expect(a[other] == b[other] && a[ex] == b[ex])
        }
    }

    /// On a datasets folder holding only CoachMe: one line for it, the other sets skipped and said so.
    @Test(.enabled(if: coachMePresent, "../shared/datasets/coachme-bx is absent: tools/real-eval cannot be run on real data here"))
    func realEvalScoresThePresentSetsAndSkipsTheOthers() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createSymbolicLink(atPath: scratch.file("coachme-bx"), withDestinationPath: coachMeFolder.path)
        let executable = try #require(punchcoachExecutable(), "the punchcoach executable is not built")
        let r = try runProcess(Self.realEval, [scratch.path], environment: ["PUNCHCOACH": executable])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        let coachMe = try #require(lines.first { $0.hasPrefix("coachme-bx ") }, "\(r.stdout)")
        #expect(coachMe.contains("143 clips") && coachMe.contains("jab R ") && coachMe.contains("cross R ") && coachMe.contains("macro-F1"))
        #expect(lines.filter { $0.contains("skipped: no folder") }.count == 7, "\(r.stdout)")
        let json = try runProcess(Self.realEval, ["--json", scratch.path], environment: ["PUNCHCOACH": executable])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sets = try #require(object["sets"] as? [[String: Any]])
        #expect(sets.map { $0["status"] as? String }.filter { $0 == "ok" }.count == 1)
        let result = try #require(sets.first { $0["name"] as? String == "coachme-bx" }?["result"] as? [String: Any])
        #expect(result["clips"] as? Int == 143)
        // The real mean is over the sets evaluated: here CoachMe's macro-F1 alone, in the JSON and on the last line.
        let macroF1 = try #require((result["macro"] as? [String: Any])?["f1"] as? Double)
        #expect(object["mean"] as? Double == macroF1 && object["mean_of"] as? [String] == ["coachme-bx"])
        #expect(lines.last?.hasPrefix(String(format: "real mean %.3f over 1 set ", macroF1)) == true, "\(r.stdout)")
    }

    /// PRECOG's whole sequences (259 s, 42 punch events): the event level gives false events per minute.
    @Test(.enabled(if: precogPresent, "../shared/datasets/precog-dev is absent: the real event-level test cannot run here"))
    func precogSequencesGiveFalseEventsPerMinute() throws {
        let r = try punchcoach(["evaluate", "--data", Self.datasets.appendingPathComponent("precog-dev/sequences").path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let events = try #require(try r.json()["events"] as? [String: Any])
        let minutes = try #require(events["minutes"] as? Double)
        #expect(abs(minutes * 60 - 259) < 2, "\(minutes) min")
        let falsePositives = try #require(events["false_positives"] as? Int)
        let rate = try #require(events["false_per_minute"] as? Double)
        #expect(abs(rate - Double(falsePositives) / minutes) < 1e-9)
        #expect((events["true_positives"] as? Int ?? 0) + (events["false_negatives"] as? Int ?? 0) == 42)
    }
}

extension RealEvalTests {
    /// precog_s05_seq1 (a person the shipped model never learnt from) opens with a one-two from hands down: a cross,
    /// then a jab 0.07 s after it. The network hands the lead over gradually (cross 0.98, then cross 0.44 and jab
    /// 0.41, jab 0.47, jab 0.55); the detector splits the run there (`RunLeader`) and finds both punches, where the
    /// rule before the sixteenth stop on issue 12 closed them as one run too unsure to be either and found none.
    @Test(.enabled(if: precogPresent, "../shared/datasets/precog-dev is absent: the real combination cannot be read here"))
    func aRealOneTwoFromHandsDownIsTwoEvents() throws {
        let file = Self.datasets.appendingPathComponent("precog-dev/sequences/recordings/precog_s05_seq1.csv").path
        let truth = String(file.dropLast(4)) + ".events.csv"
        let r = try punchcoach(["classify", file, "--truth", truth, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let events = try #require(json["events"] as? [[String: Any]])
        let firstTwo = events.prefix(2).compactMap { $0["label"] as? String }
        #expect(firstTwo == ["cross", "jab"], "\(events)")
        let scores = try #require(json["truth"] as? [String: Any])
        #expect(scores["true_positives"] as? Int == 2, "\(scores)")
    }
}
