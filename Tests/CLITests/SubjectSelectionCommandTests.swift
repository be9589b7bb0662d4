import Foundation
import TestSupport
import Testing

/// `train --exclude-subjects` and `evaluate --subjects`: real people split between training and reporting,
/// subject-disjoint; a model evaluated on people it learnt from says so, and `--unseen` leaves them out.
@Suite struct SubjectSelectionCommandTests {
    @Test func excludedPeopleAreNeverTrainedOnAndEvaluatedAlone() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "3", "--subjects", "3", "--first-subject", "401", "--seed", "5"])
        let r = try punchcoach(["train", "--data", scratch.file("d"), "--out", scratch.file("m.model"), "--exclude-subjects", "s403",
                                "--epochs", "1", "--validation-fraction", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        let training = try #require(try modelHeader(scratch.file("m.model"))["training"] as? [String: Any])
        let seen = Set((training["subjects"] as? [String] ?? []) + (training["validationSubjects"] as? [String] ?? []))
        #expect(seen == ["s401", "s402"], "\(training)")
        #expect(training["excludedSubjects"] as? [String] == ["s403"])

        // The left-out person alone: only their clips, and no note (the model never saw them).
        let held = try punchcoach(["evaluate", "--model", scratch.file("m.model"), "--data", scratch.file("d"), "--subjects", "s403", "--json"])
        #expect(held.status == 0, "\(held.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(held.stdout.utf8)) as? [String: Any])
        #expect(json["subjects"] as? [String] == ["s403"])
        let support = (json["classes"] as? [[String: Any]] ?? []).compactMap { $0["support"] as? Int }.reduce(0, +)
        #expect(support == 7, "\(held.stdout)")  // one clip of each of the 7 labels: 21 clips, subjects taking turns
        #expect(!held.stderr.contains("note: the model trained on"), "\(held.stderr)")

        // A person it trained on: evaluated all the same, with a note on stderr that the figures are not held out.
        let seenOne = try punchcoach(["evaluate", "--model", scratch.file("m.model"), "--data", scratch.file("d"), "--subjects", "s401,s402"])
        #expect(seenOne.status == 0, "\(seenOne.stderr)")
        #expect(seenOne.stderr.contains("note: the model trained on subjects named as 2 of this data's (s401, s402)"), "\(seenOne.stderr)")

        // --unseen leaves out the people the header names, by itself, and says who (JSON and stderr).
        let unseen = try punchcoach(["evaluate", "--model", scratch.file("m.model"), "--data", scratch.file("d"), "--unseen", "--json"])
        #expect(unseen.status == 0, "\(unseen.stderr)")
        let u = try #require(try JSONSerialization.jsonObject(with: Data(unseen.stdout.utf8)) as? [String: Any])
        #expect(u["subjects"] as? [String] == ["s403"], "\(unseen.stdout)")
        #expect(u["left_out_subjects"] as? [String] == ["s401", "s402"], "\(unseen.stdout)")
        #expect(unseen.stderr.contains("--unseen: left out 14 recordings of 2 people the model learnt from (s401, s402)"), "\(unseen.stderr)")
        // Nobody unseen left: refused in one line that names the data and the way out.
        let none = try punchcoach(["evaluate", "--model", scratch.file("m.model"), "--data", scratch.file("d"), "--subjects", "s401", "--unseen"])
        let noneErrors = none.stderrLines.filter { $0.hasPrefix("Error:") }
        #expect(none.status != 0 && noneErrors.count == 1, "\(none.stderr)")
        #expect(noneErrors.first?.contains("nothing unseen is left to evaluate") == true && noneErrors.first?.contains(scratch.file("d")) == true, "\(none.stderr)")

        // Names that are not subjects of the data are refused in one line that lists the subjects there are.
        for (command, option) in [("evaluate", "--subjects"), ("train", "--exclude-subjects")] {
            var args = [command, "--data", scratch.file("d"), option, "s403,s999"]
            args += command == "train" ? ["--out", scratch.file("x.model"), "--epochs", "1"] : ["--model", scratch.file("m.model")]
            let bad = try punchcoach(args)
            // The data's summary comes first on stderr; the error is its one last line.
            let errors = bad.stderrLines.filter { $0.hasPrefix("Error:") }
            #expect(bad.status != 0 && errors.count == 1 && bad.stderrLines.last == errors.first, "\(bad.stderr)")
            let line = errors.first ?? ""
            #expect(line.contains(option) && line.contains("s999") && line.contains("s401, s402, s403"), "\(bad.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))
    }

    /// `--exclude-subjects` given twice leaves out both lists (a script adds a fold's person to a recipe's own, as
    /// tools/real-folds does), and the model file records all of them.
    @Test func excludedSubjectsAddUpOverRepeatedOptions() throws {
        let scratch = try ScratchDirectory()
        let training = try trainOneEpoch(scratch, subjects: 3, first: 411, seed: 6,
                                         ["--exclude-subjects", "s412", "--exclude-subjects", "s413", "--validation-fraction", "0"])
        #expect(training["subjects"] as? [String] == ["s411"], "\(training)")
        #expect(training["excludedSubjects"] as? [String] == ["s412", "s413"], "\(training)")
    }

    /// `--never-validate` keeps people out of the validation draw, so all of them are learnt (a real set's other
    /// people in a leave-one-out fold); a name the data does not hold is one error line naming the option.
    @Test func neverValidatedSubjectsAreAllLearnt() throws {
        let scratch = try ScratchDirectory()
        let training = try trainOneEpoch(scratch, subjects: 4, first: 421, seed: 7,
                                         ["--validation-fraction", "0.5", "--never-validate", "s421", "--never-validate", "s422"])
        let learnt = Set(training["subjects"] as? [String] ?? []), held = Set(training["validationSubjects"] as? [String] ?? [])
        #expect(learnt.isSuperset(of: ["s421", "s422"]) && !held.isEmpty && held.isSubset(of: ["s423", "s424"]), "\(training)")

        let bad = try punchcoach(["train", "--data", scratch.file("d"), "--out", scratch.file("x.model"), "--epochs", "1",
                                  "--never-validate", "s499"])
        let errors = bad.stderrLines.filter { $0.hasPrefix("Error:") }
        #expect(bad.status != 0 && errors.count == 1 && errors[0].contains("--never-validate") && errors[0].contains("s499"), "\(bad.stderr)")
    }

    /// The model file keeps every setting of its training, experimental ones too, and the report names those
    /// that differ from the defaults: a model says how it was trained, not only on what.
    @Test func theRecipeIsRecordedInTheModelAndTheReport() throws {
        let scratch = try ScratchDirectory()
        let training = try trainOneEpoch(scratch, subjects: 2, first: 431, seed: 8,
                                         ["--view-consistency", "1", "--depth-teaches-2d", "--weight-decay", "0.01",
                                          "--report", scratch.file("m.md")])
        let configuration = try #require(training["configuration"] as? [String: Any], "\(training)")
        #expect(configuration["viewConsistency"] as? Double == 1 && configuration["depthTeaches2D"] as? Bool == true, "\(configuration)")
        #expect(configuration["epochs"] as? Int == 1 && configuration["augmentation"] is [String: Any], "\(configuration)")
        #expect(configuration["weightDecay"] as? Double == 0.01, "\(configuration)")
        let report = try String(contentsOfFile: scratch.file("m.md"), encoding: .utf8)
        #expect(report.contains("- settings other than the defaults: `depthTeaches2D=true`, `epochs=1`, `viewConsistency=1`, `weightDecay=0.01`\n"), "\(report)")
    }

    /// Two clips a label of `subjects` synthetic people from s`first` in SCRATCH/d, one epoch trained on them with
    /// `options` into SCRATCH/m.model; the training record of its header.
    func trainOneEpoch(_ scratch: ScratchDirectory, subjects: Int, first: Int, seed: Int, _ options: [String]) throws -> [String: Any] {
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "\(subjects)", "--first-subject", "\(first)",
                                           "--seed", "\(seed)"])
        let r = try punchcoach(["train", "--data", scratch.file("d"), "--out", scratch.file("m.model"), "--epochs", "1"] + options)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try modelHeader(scratch.file("m.model"))["training"] as? [String: Any])
    }
}
