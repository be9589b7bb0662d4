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
}
