import Foundation
import TestSupport
import Testing

/// `punchcoach train --from MODEL`: fine-tuning a trained model on a few clips of one person.
@Suite struct FineTuneCommandTests {
    /// The shipped model, fine-tuned for one epoch on a handful of clips of one (synthetic) person:
    /// the classes and window are the model's, nothing is held out (one subject), and the new model's
    /// header names what the base model was trained on as well as the new data.
    @Test func fineTuningKeepsTheModelsClassesAndRecordsBothTrainings() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("me"), ["--clips-per-class", "2", "--subjects", "1", "--first-subject", "901", "--seed", "31"])
        let r = try punchcoach(["train", "--from", repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path,
                                "--data", scratch.file("me"), "--out", scratch.file("mine.model"), "--epochs", "1", "--json",
                                "--rehearse-synthetic", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("one subject in the data"), "\(r.stderr)")
        let json = try r.json()
        #expect(json["class_labels"] as? [String] == ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"])
        let text = try String(contentsOfFile: scratch.file("mine.model"), encoding: .isoLatin1)
        let headerLine = try #require(text.split(separator: "\n").dropFirst().first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any])
        let training = try #require(header["training"] as? [String: Any])
        let base = try #require(training["base"] as? [[String: Any]])
        #expect((base.first?["subjects"] as? [String])?.isEmpty == false, "the base model's subjects are named")
        #expect(training["subjects"] as? [String] == ["s901"])
        #expect(training["rehearsal"] == nil)
        // The fine-tuned model is a model: evaluate reads it.
        let e = try punchcoach(["evaluate", "--model", scratch.file("mine.model"), "--data", scratch.file("me"), "--json"])
        #expect(e.status == 0, "\(e.stderr)")
    }

    /// By default the tuning runs 8 epochs and rehearses synthetic boxers the model never saw; the model file
    /// names them (as data and as people learnt from). With one person nobody is held out, and the report says
    /// so rather than drawing an empty confusion matrix. A person both tuned on and rehearsed, or rehearsal without a base
    /// model, is refused in one line before any training.
    @Test func rehearsalIsRecordedAndAPersonOnBothSidesIsRefused() throws {
        let scratch = try ScratchDirectory()
        let shipped = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
        try synthesize(scratch.file("me"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "901", "--seed", "32"])
        let r = try punchcoach(["train", "--from", shipped, "--data", scratch.file("me"), "--out", scratch.file("mine.model"),
                                "--rehearse-synthetic", "2", "--report", scratch.file("mine.md")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("rehearsing") && r.stderr.contains("50 %"), "\(r.stderr)")
        let report = try String(contentsOfFile: scratch.file("mine.md"), encoding: .utf8)
        #expect(report.contains("fine-tuned from a model trained on") && report.contains("rehearsing synthetic: generator 4, seed 43"), "\(report)")
        // One person: nobody is held out, so the report and the output say so instead of scoring nothing.
        #expect(report.contains("held out: nobody") && report.contains("Nobody was held out"), "\(report)")
        #expect(!report.contains("confusion.png") && !FileManager.default.fileExists(atPath: scratch.file("mine.confusion.png")))
        #expect(r.stdout.contains("Nobody was held out") && r.stdout.contains("punchcoach evaluate --model \(scratch.file("mine.model"))"), "\(r.stdout)")
        let training = try #require(try modelHeader(scratch.file("mine.model"))["training"] as? [String: Any])
        #expect(training["epochs"] as? Int == 8, "fine-tuning runs the 8 epochs it was measured with")
        // ... and its epochs hold at least 1 024 windows, so that a person's few clips get more than a step an epoch.
        #expect((training["configuration"] as? [String: Any])?["minimumEpochWindows"] as? Int == 1024, "\(training)")
        #expect(training["rehearsal"] as? [String] == ["synthetic: generator 4, seed 43, 2 clips a class, s701 to s710, 4 rounds"])
        let subjects = Set(training["subjects"] as? [String] ?? [])
        #expect(subjects.isSuperset(of: ["s901", "s701", "s711"]), "\(subjects)")

        let both = try punchcoach(["train", "--from", shipped, "--data", scratch.file("me"), "--rehearse", scratch.file("me"),
                                   "--out", scratch.file("x.model"), "--epochs", "1"])
        #expect(both.status != 0)
        #expect(both.stderrLines.last?.contains("s901") == true && both.stderrLines.last?.contains("--data") == true, "\(both.stderr)")
        let noBase = try punchcoach(["train", "--data", scratch.file("me"), "--rehearse", scratch.file("me"), "--out", scratch.file("x.model")])
        #expect(noBase.status != 0 && noBase.stderrLines.first?.contains("--from") == true, "\(noBase.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))
    }

    /// `--soup 2` tunes the model twice, from seeds 1 and 2, and averages the two networks: weight for weight what
    /// `average` makes of the same two tunings run apart. The file names both tunings with their seeds and equal
    /// weights, and the report says it is a soup; without --from, or from an ensemble, it is refused in one line.
    @Test func aSoupIsTheAverageOfItsTunings() throws {
        let scratch = try ScratchDirectory()
        let shipped = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
        try synthesize(scratch.file("me"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "901", "--seed", "34"])
        let common = ["train", "--from", shipped, "--data", scratch.file("me"), "--epochs", "1", "--rehearse-synthetic", "0"]
        let soup = try punchcoach(common + ["--soup", "2", "--out", scratch.file("soup.model"), "--report", scratch.file("soup.md")])
        #expect(soup.status == 0, "\(soup.stderr)")
        #expect(soup.stderr.contains("tuning 2 of 2 (seed 2)") && soup.stderr.contains("averaged the 2 tunings (seeds 1…2)"), "\(soup.stderr)")
        for seed in ["1", "2"] {
            let r = try punchcoach(common + ["--seed", seed, "--out", scratch.file("t\(seed).model")])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let apart = try punchcoach(["average", scratch.file("t1.model"), scratch.file("t2.model"), "--out", scratch.file("apart.model")])
        #expect(apart.status == 0, "\(apart.stderr)")
        // The weights follow the header line; the headers differ only in when each was written.
        func weights(_ path: String) throws -> Data {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let secondNewline = try #require(bytes.indices.filter { bytes[$0] == 0x0A }.dropFirst().first)
            return bytes[(secondNewline + 1)...]
        }
        let soupWeights = try weights(scratch.file("soup.model"))
        #expect(soupWeights == (try weights(scratch.file("apart.model"))), "the soup is the average of its tunings")
        #expect(soupWeights != (try weights(scratch.file("t1.model"))), "and not one of them")
        let training = try #require(try modelHeader(scratch.file("soup.model"))["training"] as? [String: Any])
        #expect(training["averagingWeights"] as? [Double] == [0.5, 0.5])
        let tunings = try #require(training["base"] as? [[String: Any]])
        #expect(tunings.compactMap { $0["seed"] as? Int } == [1, 2] && tunings.allSatisfy { ($0["base"] as? [Any])?.isEmpty == false },
                "each tuning and the model it was tuned from are named: \(tunings)")
        let report = try String(contentsOfFile: scratch.file("soup.md"), encoding: .utf8)
        #expect(report.contains("a model soup: the weights of 2 tunings (seeds 1, 2)") && report.contains("fine-tuned from a model trained on"),
                "\(report)")

        let noBase = try punchcoach(["train", "--data", scratch.file("me"), "--soup", "2", "--out", scratch.file("x.model")])
        #expect(noBase.status != 0 && noBase.stderrLines.first?.contains("give --from MODEL") == true, "\(noBase.stderr)")
        let ensemble = try punchcoach(["train", "--data", scratch.file("me"), "--members", "2", "--epochs", "1", "--out", scratch.file("e.model")])
        #expect(ensemble.status == 0, "\(ensemble.stderr)")
        let fromEnsemble = try punchcoach(["train", "--from", scratch.file("e.model"), "--data", scratch.file("me"), "--soup", "2",
                                           "--out", scratch.file("x.model")])
        #expect(fromEnsemble.status != 0 && fromEnsemble.stderrLines.last?.contains("an ensemble of 2 networks") == true, "\(fromEnsemble.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))
    }

    /// Trained from nothing on one person's clips (the record mode's folder without `--from`), `train` says they are too
    /// few and prints the command that tunes the shipped model on them instead, then trains what it was asked to; data
    /// of two people gets no such note.
    @Test func onePersonFromNothingIsPointedToFineTuning() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("me"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "901", "--seed", "33"])
        let r = try punchcoach(["train", "--data", scratch.file("me"), "--out", scratch.file("x.model"), "--epochs", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let note = try #require(r.stderrLines.first { $0.hasPrefix("note: every clip is of one person (s901)") }, "\(r.stderr)")
        #expect(note.contains("punchcoach train --from \(repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path) --data \(scratch.file("me")) --out"), "\(note)")
        #expect(FileManager.default.fileExists(atPath: scratch.file("x.model")))
        try synthesize(scratch.file("two"), ["--clips-per-class", "1", "--subjects", "2", "--first-subject", "901", "--seed", "33"])
        let two = try punchcoach(["train", "--data", scratch.file("two"), "--out", scratch.file("y.model"), "--epochs", "1"])
        #expect(two.status == 0 && !two.stderr.contains("note: every clip is of one person"), "\(two.stderr)")
    }

    /// `tools/finetune-demo` on an indexed set of two people, then of one: a line a person (before → after
    /// on their other clips, on the others, on the synthetic set) and the mean; with nobody else, that
    /// column is blank rather than a failure. The set of one is read with each tuned model averaged with its base.
    @Test func theFineTuningDemoScoresEveryPersonAndASetOfOne() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("syn"), ["--clips-per-class", "4", "--subjects", "2", "--first-subject", "901", "--seed", "33"])
        let fm = FileManager.default
        for (folder, people) in [("two", ["s901", "s902"]), ("one", ["s901"])] {
            try fm.createDirectory(atPath: scratch.file(folder), withIntermediateDirectories: true)
            var index = "clip,label,subject\n"
            for label in ["jab", "cross", "stance"] {
                for file in try fm.contentsOfDirectory(atPath: scratch.file("syn/\(label)")).sorted() {
                    guard let person = people.first(where: { file.hasPrefix($0 + "_") }) else { continue }
                    let clip = (file as NSString).deletingPathExtension
                    try fm.copyItem(atPath: scratch.file("syn/\(label)/\(file)"), toPath: scratch.file("\(folder)/\(clip).csv"))
                    index += "\(clip),\(label),\(person)\n"
                }
            }
            try index.write(toFile: scratch.file("\(folder)/index.csv"), atomically: true, encoding: .utf8)
        }
        let demo = repositoryRoot.appendingPathComponent("tools/finetune-demo").path
        let executable = try #require(punchcoachExecutable())
        let two = try runProcess(demo, ["--clips", "1", "--epochs", "1", scratch.file("two")], environment: ["PUNCHCOACH": executable])
        #expect(two.status == 0, "\(two.stderr)")
        let number = #/(\d\.\d{3}|–) → (\d\.\d{3}|–)/#
        for person in ["s901", "s902", "mean"] {
            let line = try #require(two.stdout.split(separator: "\n").first { $0.hasPrefix(person) }, "\(two.stdout)")
            #expect(line.matches(of: number).count == 3 && !line.contains("–"), "\(line)")
        }
        // A set of one, each tuned model scored averaged with its base (--average).
        let one = try runProcess(demo, ["--clips", "1", "--epochs", "1", "--average", "0.5", scratch.file("one")], environment: ["PUNCHCOACH": executable])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("each tuned model averaged with it at 0.5"), "\(one.stdout)")
        let line = try #require(one.stdout.split(separator: "\n").first { $0.hasPrefix("s901") }, "\(one.stdout)")
        #expect(line.matches(of: number).count == 3 && line.contains("– → –"), "\(line)")
        // Each person's model the soup of two tunings (--soup), its two tunings alone in brackets, and the lowest of each.
        let soup = try runProcess(demo, ["--clips", "1", "--epochs", "1", "--soup", "2", scratch.file("two")], environment: ["PUNCHCOACH": executable])
        #expect(soup.status == 0, "\(soup.stderr)")
        let alone = #/(\d\.\d{3}) → (\d\.\d{3}) \[(\d\.\d{3})\]/#
        for person in ["s901", "s902", "mean"] {
            let line = try #require(soup.stdout.split(separator: "\n").first { $0.hasPrefix(person) }, "\(soup.stdout)")
            #expect(line.matches(of: alone).count == 3, "\(line)")
        }
        #expect(soup.stdout.split(separator: "\n").contains { $0.hasPrefix("lowest") && $0.matches(of: #/soup \d\.\d{3}, alone \d\.\d{3}/#).count == 3 },
                "\(soup.stdout)")
        let both = try runProcess(demo, ["--soup", "2", "--average", "0.5", scratch.file("two")], environment: ["PUNCHCOACH": executable])
        #expect(both.status == 2 && both.stderr.contains("--average or --soup, not both"), "\(both.stderr)")
    }

    @Test func aLabelTheModelDoesNotKnowIsRefusedInOneLine() throws {
        let scratch = try ScratchDirectory()
        let folder = scratch.file("odd/overhand")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try synthesize(scratch.file("me"), ["--clips-per-class", "1", "--subjects", "1", "--seed", "3"])
        let clip = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.file("me/jab")).first)
        try FileManager.default.copyItem(atPath: scratch.file("me/jab/\(clip)"), toPath: folder + "/\(clip)")
        let r = try punchcoach(["train", "--from", repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path,
                                "--data", scratch.file("odd"), "--out", scratch.file("x.model")])
        #expect(r.status != 0)
        #expect(r.stderrLines.last?.contains("overhand") == true && r.stderrLines.last?.contains("without --from") == true, "\(r.stderr)")
    }

    /// A person's clips labelled in their own words (`Guard`, `Lead Hook`) tune the model as its own classes,
    /// each reading said on stderr; a label that may be several classes (`straight`) is refused in one line
    /// naming its folder, before any training.
    @Test func labelsInOtherWordsAreReadAsTheModelsClasses() throws {
        let scratch = try ScratchDirectory()
        let fm = FileManager.default
        try synthesize(scratch.file("me"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "901", "--seed", "34"])
        let shipped = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
        for (folder, words) in [("mine", ["stance": "Guard", "hook": "Lead Hook", "jab": "DoubleJab"]), ("odd", ["jab": "straight", "hook": "hook"])] {
            for (label, word) in words {
                try fm.createDirectory(atPath: scratch.file("\(folder)/\(word)"), withIntermediateDirectories: true)
                for clip in try fm.contentsOfDirectory(atPath: scratch.file("me/\(label)")) {
                    try fm.copyItem(atPath: scratch.file("me/\(label)/\(clip)"), toPath: scratch.file("\(folder)/\(word)/\(clip)"))
                }
            }
        }
        let r = try punchcoach(["train", "--from", shipped, "--data", scratch.file("mine"), "--out", scratch.file("mine.model"),
                                "--epochs", "1", "--rehearse-synthetic", "0", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        for reading in ["'Guard' read as 'stance'", "'Lead Hook' read as 'hook'", "'DoubleJab' read as 'double_jab'"] {
            #expect(r.stderr.contains(reading), "\(r.stderr)")
        }
        let training = try #require(try modelHeader(scratch.file("mine.model"))["training"] as? [String: Any])
        #expect(training["subjects"] as? [String] == ["s901"])

        let odd = try punchcoach(["train", "--from", shipped, "--data", scratch.file("odd"), "--out", scratch.file("odd.model"), "--epochs", "1"])
        #expect(odd.status != 0)
        let line = try #require(odd.stderrLines.last)
        #expect(line.contains(scratch.file("odd")) && line.contains("'straight'") && line.contains("jab, double_jab, cross"), "\(odd.stderr)")
        #expect(!fm.fileExists(atPath: scratch.file("odd.model")))
    }

    /// `train --teacher`: a teacher whose window differs from the new model's is refused in one line
    /// naming it, before any training; a teacher of the same shape is distilled and named in the header.
    @Test func teachersMustMatchAndAreRecorded() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("me"), ["--clips-per-class", "2", "--subjects", "2", "--seed", "5"])
        let shipped = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
        let odd = try punchcoach(["train", "--data", scratch.file("me"), "--out", scratch.file("x.model"), "--teacher", shipped,
                                  "--lookahead", "6", "--epochs", "1"])
        #expect(odd.status != 0)
        #expect(odd.stderrLines.last?.contains("punch-classifier.model") == true && odd.stderrLines.last?.contains("look-ahead 9") == true,
                "\(odd.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))
        let r = try punchcoach(["train", "--data", scratch.file("me"), "--out", scratch.file("student.model"), "--teacher", shipped,
                                "--epochs", "1", "--validation-fraction", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: scratch.file("student.model"), encoding: .isoLatin1)
        let headerLine = try #require(text.split(separator: "\n").dropFirst().first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any])
        let training = try #require(header["training"] as? [String: Any])
        let teachers = try #require(training["teachers"] as? [[String: Any]])
        #expect(teachers.count == 1 && (teachers.first?["subjects"] as? [String])?.isEmpty == false)
    }
}
