import Foundation
import TestSupport
import Testing

@Suite struct HelpAndBadInputTests {
    @Test func helpListsEverySubcommandOfTheContract() throws {
        let r = try punchcoach(["--help"])
        #expect(r.status == 0)
        for name in ["synth", "extract", "train", "evaluate", "classify", "coach", "history", "bench"] {
            #expect(r.stdout.contains("  \(name) "), "--help lacks \(name)")
        }
    }

    /// A damaged skeleton CSV on the CLI path that reads it: one line naming file and line, exit ≠ 0.
    @Test(arguments: ["truncated.csv", "wrong-header.csv", "nan-cell.csv"])
    func damagedSkeletonFilesGiveOneLine(file: String) throws {
        let path = repositoryRoot.appendingPathComponent("Tests/PunchKitTests/Fixtures/\(file)").path
        let r = try punchcoach(["classify", path])
        #expect(r.status != 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(file):"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// An output `classify` cannot write (its folder is missing): one line naming the file, exit ≠ 0.
    @Test(arguments: ["--events-out", "--probabilities-out", "--runs-out"])
    func anOutputThatCannotBeWrittenGivesOneLine(option: String) throws {
        let scratch = try ScratchDirectory()
        let input = repositoryRoot.appendingPathComponent("Tests/PunchKitTests/Fixtures/good.csv").path
        let out = scratch.file("missing-folder/out.csv")
        let r = try punchcoach(["classify", input, option, out])
        #expect(r.status != 0)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(out): cannot write the file (No such file or directory)") && r.stderr.contains("check the folder exists"),
                "\(r.stderr)")
    }

    /// `synth` whose annotations cannot be written (a folder stands where `annotations.csv` goes) says so in
    /// one line naming that file and the system's reason, as every text file the CLI writes does
    /// (`TextFileWriter`), not a wrapped `PunchKit.DataFileError error 1`.
    @Test func synthAnnotationsThatCannotBeWrittenGiveOneLine() throws {
        let scratch = try ScratchDirectory()
        let blocked = scratch.file("out/annotations.csv")
        try FileManager.default.createDirectory(atPath: blocked + "/in-the-way", withIntermediateDirectories: true)
        let r = try punchcoach(["synth", "--out", scratch.file("out"), "--clips-per-class", "1", "--subjects", "1", "--rounds", "0"])
        #expect(r.status != 0)
        let lines = r.stderrLines.filter { $0.contains("annotations.csv") }
        #expect(lines.count == 1 && lines[0].contains("\(blocked): cannot write the file") && lines[0].contains("check the folder"),
                "\(r.stderr)")
        #expect(!r.stderr.contains("DataFileError") && lines.first?.contains("Is a directory") == true, "\(r.stderr)")
    }

    /// Training options out of range, and a base model that is not there, are refused before anything is
    /// trained: the first line names the option or file (argument-parser adds its usage hint after it).
    @Test(arguments: [["--depth-dropout", "1.5"], ["--arm-flicker", "2"], ["--guard-placement", "0.8"], ["--learning-rate", "0"], ["--weight-decay", "-0.01"], ["--from", "/nonexistent/base.model"]])
    func badTrainingOptionsGiveOneLine(option: [String]) throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("data/jab"), withIntermediateDirectories: true)
        let r = try punchcoach(["train", "--data", scratch.file("data"), "--out", scratch.file("x.model")] + option)
        #expect(r.status != 0)
        #expect(r.stderrLines.first?.contains(option[0] == "--from" ? option[1] : option[0]) == true, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))
    }

    /// Where the model or report cannot go is refused before the data is even read (the data folder here
    /// does not exist, so a later check would name it instead): training is not thrown away at its end.
    @Test(arguments: [("--out", "missing/x.model", "does not exist"), ("--out", "", "is a folder"),
                      ("--report", "missing/r.md", "does not exist")])
    func anUnwritableTrainingOutputIsRefusedFirst(option: String, path: String, reason: String) throws {
        let scratch = try ScratchDirectory()
        let target = path.isEmpty ? scratch.url.path : scratch.file(path)
        var arguments = ["train", "--data", scratch.file("no-data"), "--out", option == "--out" ? target : scratch.file("x.model")]
        if option == "--report" { arguments += ["--report", target] }
        let r = try punchcoach(arguments)
        #expect(r.status != 0)
        #expect(r.stderrLines.count == 1 && r.stderr.contains("\(option) \(target)") && r.stderr.contains(reason), "\(r.stderr)")
    }

    /// `extract` checks its outputs before it reads a frame, as `train` does.
    @Test func anUnwritableExtractOutputIsRefusedFirst() throws {
        let scratch = try ScratchDirectory()
        let input = repositoryRoot.appendingPathComponent("Tests/PunchKitTests/Fixtures/good.csv").path
        let out = scratch.file("missing/x.csv")
        let r = try punchcoach(["extract", input, "--out", out])
        #expect(r.status != 0)
        #expect(r.stderrLines.count == 1 && r.stderr.contains("--out \(out): the folder") && r.stderr.contains("does not exist"),
                "\(r.stderr)")
    }
}
