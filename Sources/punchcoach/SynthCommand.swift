import ArgumentParser
import Foundation
import PoseVision
import PunchKit
import PunchSynth

struct SynthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate labelled training clips and continuous rounds from the procedural 3D boxer.",
        discussion: """
            Writes DIR/<label>/sNN_<label>_NNNN.csv (one action per clip, padded with guard), \
            DIR/annotations.csv (every clip's segments), DIR/rounds/sNN_round_NNN.csv with \
            .events.csv truth, DIR/synth-spec.json and a contact sheet PNG. The same seed (and \
            generator version) gives byte-identical files. Progress goes to stderr.
            """)

    @Option(name: .long, help: "Output folder (created if missing).")
    var out: String

    @Option(name: .long, help: "Clips per label (default 40, or the spec's).")
    var clipsPerClass: Int?

    @Option(name: .long, help: "Number of subjects of the clips, s01…sN (default 12, or the spec's).")
    var subjects: Int?

    @Option(name: .long, help: "Number of the first subject (default 1: s01); e.g. 101 for a test set whose people are named apart from the training set's.")
    var firstSubject: Int?

    @Option(name: .long, help: "Random seed (default 1, or the spec's).")
    var seed: UInt64?

    @Option(name: .long, help: "Continuous rounds to write, with subjects after the clips' (default 0, or the spec's).")
    var rounds: Int?

    @Option(name: .long, help: "Length of each round in seconds, 10–600 (default 60, or the spec's).")
    var roundSeconds: Double?

    @Option(name: .long, help: "A dataset spec (e.g. Datasets/synth-v4.json); options given here override it.")
    var spec: String?

    @Option(name: .long, help: "Contact sheet PNG (default DIR/contact-sheet.png).")
    var sheet: String?

    @Flag(name: .long, help: "Print a JSON summary on stdout.")
    var json = false

    func run() async throws {
        var s = SynthSpec()
        if let spec {
            s = try SynthSpec.read(URL(fileURLWithPath: spec))
        }
        if let clipsPerClass { s.clipsPerClass = clipsPerClass }
        if let subjects { s.subjects = subjects }
        if let firstSubject { s.firstSubject = firstSubject }
        if let seed { s.seed = seed }
        if let rounds { s.rounds = rounds }
        if let roundSeconds { s.roundSeconds = roundSeconds }
        guard s.clipsPerClass >= 1 else { throw CLIError("--clips-per-class must be at least 1 (got \(s.clipsPerClass))") }
        guard s.subjects >= 1 else { throw CLIError("--subjects must be at least 1 (got \(s.subjects))") }
        guard s.rounds >= 0 else { throw CLIError("--rounds must be 0 or more (got \(s.rounds))") }
        guard s.rounds == 0 || (10...600).contains(s.roundSeconds) else {
            throw CLIError("--round-seconds must be between 10 and 600 (got \(s.roundSeconds))")
        }
        try s.validate()

        let root = URL(fileURLWithPath: out)
        try prepare(root)
        let started = Date()
        let bar = ProgressBar("synth", total: 1)
        let summary = try DatasetWriter(spec: s).write(to: root) { done, total in bar.update(done, of: total) }
        bar.finish()
        let sheetPath = sheet ?? root.appendingPathComponent("contact-sheet.png").path
        do { try SynthSheet.render(seed: s.seed, to: sheetPath) } catch {
            throw CLIError("\(sheetPath): cannot write the contact sheet (\(error)); check the folder exists and is writable")
        }
        let elapsed = Date().timeIntervalSince(started)
        let clipCount = summary.clips.values.reduce(0, +)
        Log.info("synth: \(clipCount) clips (\(summary.clips.keys.sorted().map { "\($0) \(summary.clips[$0]!)" }.joined(separator: ", ")))"
                 + ", \(summary.rounds) rounds with \(summary.roundEvents) events, \(summary.frames) frames"
                 + " in \(String(format: "%.1f", elapsed)) s → \(root.path); sheet \(sheetPath)")
        if json {
            try JSONOutput.print(SynthJSON(
                out: root.path, seed: s.seed, clips: clipCount, perLabel: summary.clips,
                rounds: summary.rounds, roundEvents: summary.roundEvents, frames: summary.frames,
                seconds: (summary.seconds * 10).rounded() / 10, subjects: summary.subjects,
                roundSubjects: summary.roundSubjects, sheet: sheetPath, generator: SynthSpec.generatorVersion,
                elapsedSeconds: (elapsed * 100).rounded() / 100))
        }
    }

    /// The output folder must be a folder (created when missing) that can be written.
    private func prepare(_ root: URL) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: root.path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw CLIError("--out \(root.path) is a file; give a folder (it is created if missing)") }
        } else {
            do { try fm.createDirectory(at: root, withIntermediateDirectories: true) } catch {
                throw CLIError("--out \(root.path): cannot create the folder (\(error.localizedDescription)); check the parent folder is writable")
            }
        }
        guard fm.isWritableFile(atPath: root.path) else {
            throw CLIError("--out \(root.path): the folder is not writable; choose another one or fix its permissions")
        }
    }
}

struct SynthJSON: Encodable {
    var out: String
    var seed: UInt64
    var clips: Int
    var perLabel: [String: Int]
    var rounds: Int
    var roundEvents: Int
    var frames: Int
    var seconds: Double
    var subjects: [String]
    var roundSubjects: [String]
    var sheet: String
    var generator: Int
    var elapsedSeconds: Double
    enum CodingKeys: String, CodingKey {
        case out, seed, clips, perLabel = "per_label", rounds, roundEvents = "round_events", frames, seconds, subjects
        case roundSubjects = "round_subjects", sheet, generator, elapsedSeconds = "elapsed_s"
    }
}
