import Foundation
import PunchKit

/// Runs a reader over many damaged inputs and checks what it does with each: it returns a value, or
/// it throws an error whose description is one line naming the file. A crash ends the test process
/// (so the run fails); a case slower than `slowCase` is reported as a likely hang.
///
/// Case `i` draws everything from `SeededRandom(seed:stream: family, index: i)`, so a failure names
/// its seed and case and is reproduced by running the test again (`PUNCHCOACH_FUZZ_SEED=S` for
/// another seed, `PUNCHCOACH_FUZZ_SCALE=10` for ten times the cases); its input is kept under
/// `$TMPDIR/punchcoach-fuzz-failures/`. After a crash, the case that crashed is the folder left in
/// the campaign's scratch directory (`$TMPDIR/punchcoach-test-…/case-N`): passing cases are removed.
public struct FuzzCampaign: Sendable {
    public let family: String
    public let seed: UInt64
    public let cases: Int
    public var slowCase: Double = 5

    /// `cases` is what CI runs; the environment may scale it.
    public init(_ family: String, cases: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.family = family
        seed = environment["PUNCHCOACH_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        let scale = environment["PUNCHCOACH_FUZZ_SCALE"].flatMap { Double($0) } ?? 1
        self.cases = max(1, Int((Double(cases) * scale).rounded()))
    }

    /// One case as a family prepared it in its folder: what was damaged, what the error must name,
    /// and the reading to try.
    public struct Trial {
        public var steps: [String]
        public var mustName: String
        public var read: () throws -> Void

        public init(steps: [String], mustName: String, read: @escaping () throws -> Void) {
            self.steps = steps
            self.mustName = mustName
            self.read = read
        }
    }

    /// Runs every case: `prepare` writes the case's files into the (empty) folder it is given.
    public func run(_ prepare: (inout SeededRandom, URL) throws -> Trial) throws -> FuzzReport {
        let scratch = try ScratchDirectory()
        var report = FuzzReport(family: family, seed: seed)
        let started = Date()
        for index in 0..<cases {
            let folder = scratch.url.appendingPathComponent("case-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var rng = SeededRandom(seed: seed, stream: family, index: index)
            let trial = try prepare(&rng, folder)
            let caseStarted = Date()
            let problem = verdict(of: trial, report: &report)
            let seconds = Date().timeIntervalSince(caseStarted)
            if let problem = problem ?? (seconds > slowCase ? "took \(Int(seconds)) s (a hang?)" : nil) {
                report.failures.append("\(family) seed \(seed) case \(index) [\(trial.steps.joined(separator: "; "))]: "
                                       + "\(problem); input kept in \(keep(folder, index: index))")
            } else {
                try FileManager.default.removeItem(at: folder)
            }
        }
        report.cases = cases
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Runs cases that each damage one of `inputs` with `mutator` and write it to `fileName`. The
    /// inputs themselves must read: damage to a file already refused would test little.
    public func run(mutating inputs: [[UInt8]], fileName: String, mutator: Mutator = Mutator(),
                    read: @escaping (URL) throws -> Void) throws -> FuzzReport {
        let scratch = try ScratchDirectory()  // held: it is removed when released
        let undamaged = scratch.url.appendingPathComponent(fileName)
        var refusedInputs: [String] = []
        for (i, input) in inputs.enumerated() {
            try Data(input).write(to: undamaged)
            do { try read(undamaged) } catch { refusedInputs.append("\(family): input \(i + 1), undamaged, is refused: \(visible("\(error)"))") }
        }
        var report = try run { rng, folder in
            let (bytes, steps) = mutator.mutate(rng.pick(inputs), &rng)
            let url = folder.appendingPathComponent(fileName)
            try Data(bytes).write(to: url)
            return Trial(steps: steps, mustName: url.path) { try read(url) }
        }
        report.failures = refusedInputs + report.failures
        return report
    }

    /// nil when the reader behaved: a value, or a one-line error naming the file.
    private func verdict(of trial: Trial, report: inout FuzzReport) -> String? {
        do {
            try trial.read()
            report.read += 1
            return nil
        } catch let violation as FuzzViolation {
            return violation.description
        } catch {
            report.refused += 1
            let text = String(describing: error)
            // A line break (or a control character, which may move the cursor) would show on several lines.
            if text.oneLine != text { return "an error with line breaks or controls: \(visible(text))" }
            if !text.contains(trial.mustName) { return "the error does not name \(trial.mustName): \(visible(text))" }
            return nil
        }
    }

    private func keep(_ folder: URL, index: Int) -> String {
        let kept = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("punchcoach-fuzz-failures/\(family)-seed\(seed)-case\(index)")
        try? FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: kept)
        return (try? FileManager.default.moveItem(at: folder, to: kept)) != nil ? kept.path : folder.path
    }
}

/// Thrown by a family's reading when the reader broke a promise other than the error's form (e.g. a
/// history reader changed the file): always a failure.
public struct FuzzViolation: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
