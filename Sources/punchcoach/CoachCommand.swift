import ArgumentParser
import CoachStore
import CoachTUI
import Foundation
import PoseVision
import PunchDetect
import PunchKit
import PunchModel

struct CoachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coach",
        abstract: "The terminal coach: watches you shadow-box, calls punches, times rounds, remembers every punch.",
        discussion: """
            Sources: a camera, a video (played in real time; with --live as a camera delivers it), a \
            skeleton CSV (replayed in real time), or --demo: a synthetic boxer performs the workout, \
            following the callouts with realistic reaction times and now and then a mistake. With no \
            source option the camera is used when there is one that opens, else the demo; the title bar \
            says which.

            Modes: free (every punch counted), drill (one punch, N reps, scored), combo (called \
            combinations, adaptive: what you miss or are slow at comes up more often), rounds (timed \
            rounds and rests), record (guided recording of clips to train a model on yourself: \
            Datasets/NAME/<label>/*.csv and annotations.csv, then `punchcoach train --data Datasets/NAME`).

            Keys: q quit · space pause · h history · e end the workout · ? help. Every punch shown is \
            already in the database (--db), so quitting or a crash loses nothing you saw.
            """)

    // MARK: Source
    @Option(help: ArgumentHelp("Live camera N (/dev/videoN).", valueName: "N")) var camera: Int?
    @Option(help: ArgumentHelp("A video, played in real time.", valueName: "FILE")) var video: String?
    @Flag(help: "With --video: play it as a camera delivers it (frames on the wall clock; those the pose model cannot take in time are dropped).")
    var live = false
    @Option(help: ArgumentHelp("A skeleton CSV, replayed in real time.", valueName: "FILE")) var skeletons: String?
    @Flag(help: "The synthetic boxer performs the workout (the default when no camera is found).") var demo = false

    // MARK: Workout
    @Option(help: ArgumentHelp("free, drill, combo, rounds or record (default: free; combo for the demo).", valueName: "MODE"))
    var mode: ModeKind?
    @Option(help: ArgumentHelp("rounds: how many rounds.", valueName: "N")) var rounds = 3
    @Option(help: ArgumentHelp("rounds: seconds of work a round.", valueName: "T")) var roundSeconds = 180.0
    @Option(help: ArgumentHelp("rounds: seconds of rest between rounds.", valueName: "T")) var restSeconds = 60.0
    @Option(help: ArgumentHelp("drill: the punch to drill: jab, double_jab, cross, hook, uppercut, lead_hook, rear_uppercut …", valueName: "TYPE"))
    var punch = "jab"
    @Option(help: ArgumentHelp("drill: repetitions.", valueName: "N")) var reps = 10
    @Option(help: ArgumentHelp("combo: how many callouts.", valueName: "N")) var combos = 20
    @Option(help: ArgumentHelp("record: the dataset's name: clips go to Datasets/NAME/<label>/.", valueName: "NAME")) var name = "me"
    @Option(help: ArgumentHelp("record: clips of each class.", valueName: "N")) var clipsPerClass = 5

    // MARK: Model, store
    @OptionGroup var database: DatabaseOption
    @OptionGroup var modelOption: ModelOption
    @OptionGroup var stance: StanceOptions

    // MARK: Pace, tests
    @Option(help: ArgumentHelp("Play files and the demo this many times faster than real time (e.g. 4; timers run on the same clock).", valueName: "X"))
    var timeScale = 1.0
    @Option(help: ArgumentHelp("Stop after T seconds of workout and exit without the summary screen (for tests).", valueName: "T"))
    var seconds: Double?
    @Option(help: ArgumentHelp("Append a line to FILE after each database commit (session, round, prompt, punch, end).", valueName: "FILE"))
    var eventsLog: String?
    @Option(help: ArgumentHelp("Seed of the demo boxer and the callouts (default: from the clock).", valueName: "S"))
    var seed: UInt64?
    @Flag(help: "Run without a screen: one line a punch on stdout (for scripts and tests).") var headless = false

    func validate() throws {
        let sources = [camera != nil, video != nil, skeletons != nil, demo].filter { $0 }.count
        if sources > 1 { throw ValidationError("choose one source: --camera, --video, --skeletons or --demo") }
        if let camera, camera < 0 { throw ValidationError("--camera is a camera number 0, 1, … (got \(camera))") }
        if !(timeScale > 0 && timeScale <= 100) { throw ValidationError("--time-scale must be in (0, 100] (got \(timeScale))") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive (got \(seconds))") }
        if rounds < 1 { throw ValidationError("--rounds must be at least 1 (got \(rounds))") }
        if !(roundSeconds >= 1) { throw ValidationError("--round-seconds must be at least 1 (got \(roundSeconds))") }
        if !(restSeconds >= 0) { throw ValidationError("--rest-seconds must not be negative (got \(restSeconds))") }
        if reps < 1 { throw ValidationError("--reps must be at least 1 (got \(reps))") }
        if combos < 1 { throw ValidationError("--combos must be at least 1 (got \(combos))") }
        if clipsPerClass < 1 { throw ValidationError("--clips-per-class must be at least 1 (got \(clipsPerClass))") }
        if name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            throw ValidationError("--name is a folder name under Datasets/ (no '/', not starting with '.')")
        }
    }

    func run() async throws {
        // Everything that can fail is opened before the screen starts, so errors are one line:
        // the source, the database, the terminal, the model, the mode.
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        try checkLive()
        let (source, note) = try openSource(seed: seed)
        let store = try HistoryStore.openForWriting(at: database.path)
        let session: CoachSession
        let recorder: WorkoutRecorder
        do {
            if !headless { try Terminal.requireTTY() }
            let classifier = try modelOption.load()
            let workoutMode = try makeMode(classes: classifier.classes, background: classifier.background,
                                           demo: source is DemoSource, seed: seed)
            var config = DetectorConfiguration()
            config.stance = stance.stance(for: source)
            let detector = PunchDetector(classifier: classifier, configuration: config)
            detector.positionsHaveDepth = source.positionsHaveDepth
            let clips = try workoutMode.kind == .record
                ? ClipRecorder(directory: URL(fileURLWithPath: "Datasets").appendingPathComponent(name), name: name, units: source.units)
                : nil
            recorder = try WorkoutRecorder(store: store, eventsLog: eventsLog)
            session = CoachSession(source: source, detector: detector, mode: workoutMode, recorder: recorder, clips: clips,
                                   options: .init(maxSeconds: seconds, sourceNote: note,
                                                  modelPath: modelOption.model ?? ModelLocation.defaultURL?.path))
            let modelName = modelOption.model.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ModelLocation.fileName
            let hash = classifier.header.training.dataHash
            try session.begin(stance: config.stance ?? (source as? DemoSource)?.stance, model: modelName,
                              modelHash: hash.isEmpty ? nil : hash)
        } catch {
            try? store.close()
            throw error
        }

        TerminationSignals.install()
        let clock = SessionClock(timeScale: timeScale)
        let app = CoachApp(session: session, clock: clock, options: .init(exitWhenDone: seconds != nil))
        let ending: CoachApp.Ending
        do {
            if headless {
                ending = try app.runHeadless { print($0); fflush(nil) }
            } else {
                let terminal = try Terminal.start()
                ending = try app.run(terminal: terminal)  // restores the terminal on every path
            }
        } catch {
            session.finish()
            try? session.close()
            throw error
        }
        session.finish(now: clock.now)
        try session.close()
        printSummary(session)
        if case .signal(let s) = ending {
            FileHandle.standardError.write(Data("stopped by \(TerminationSignals.name(s)); every punch shown is saved\n".utf8))
            throw ExitCode(128 + s)
        }
    }

    /// `--live` is the camera stand-in for a video: it needs `--video` and runs on the wall clock.
    func checkLive() throws {
        guard live else { return }
        guard video != nil else {
            throw CLIError("--live plays a video as a camera delivers it: give --video FILE (a camera is live already)")
        }
        guard timeScale == 1 else {
            throw CLIError("--live plays the video on the wall clock, as a camera would: leave out --time-scale (got \(timeScale))")
        }
    }

    /// The input the source options name; nil when none is named.
    var sourceSpec: InputSpec? {
        if let camera { return .camera(camera) }
        if let video { return live ? .liveVideo(URL(fileURLWithPath: video)) : .video(URL(fileURLWithPath: video)) }
        if let skeletons { return .skeletons(URL(fileURLWithPath: skeletons)) }
        return demo ? .demo : nil
    }

    /// The source the options name (the first camera that opens, else the demo, when none is), and a
    /// note for the title bar.
    func openSource(seed: UInt64) throws -> (PoseSource, String?) {
        let makeDemo = { DemoSource(seed: seed, stance: stance.fixed) as PoseSource }
        guard let spec = sourceSpec else { return InputSpec.openDefault(demo: makeDemo) }
        let note: String? = if case .liveVideo = spec { "live, as a camera" } else { nil }
        return (try spec.open(demo: makeDemo), note)
    }

    func makeMode(classes: [String], background: Set<String>, demo: Bool, seed: UInt64) throws -> WorkoutMode {
        let kind = mode ?? (demo ? .combo : .free)
        let vocabulary = CalledPunch.vocabulary(available: classes.filter { !background.contains($0) })
        switch kind {
        case .free:
            return FreeMode()
        case .drill:
            return DrillMode(punch: try drillPunch(vocabulary), reps: reps)
        case .combo:
            guard !vocabulary.isEmpty else { throw CLIError("the model has no punch classes to call (classes: \(classes.joined(separator: ", ")))") }
            return ComboMode(combos: combos, picker: CalloutPicker(vocabulary: vocabulary, seed: seed))
        case .rounds:
            return RoundsMode(rounds: rounds, work: roundSeconds, rest: restSeconds)
        case .record:
            return RecordMode(labels: classes, clipsPerClass: clipsPerClass)
        }
    }

    /// `--punch`: a label of the model, optionally with a hand (`lead_hook`, `rear-uppercut`).
    func drillPunch(_ vocabulary: [CalledPunch]) throws -> CalledPunch {
        var text = punch.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        var hand: Hand?
        for h in [Hand.lead, .rear] where text.hasPrefix(h.rawValue + "_") {
            hand = h
            text = String(text.dropFirst(h.rawValue.count + 1))
        }
        guard vocabulary.contains(where: { $0.label == text }) else {
            let names = vocabulary.map { $0.description.replacingOccurrences(of: " ", with: "_") }
            throw CLIError("unknown punch '\(punch)' for --punch; the model knows: \(names.joined(separator: ", "))")
        }
        if let hand { return CalledPunch(text, hand: hand) }
        return vocabulary.first { $0.label == text } ?? CalledPunch(text)
    }

    func printSummary(_ session: CoachSession) {
        guard let s = session.view.summary else { return }
        print("\(s.mode.rawValue) workout, \(Int(s.seconds.rounded())) s: \(s.tally.total) punches — \(s.modeSummary.headline)")
        let counts = s.tally.entries.filter { $0.count > 0 }.map { "\($0.label) \($0.count)" }
        if !counts.isEmpty { print("  " + counts.joined(separator: ", ")) }
        for line in s.extra { print("  " + line) }
        if let id = s.sessionId, let path = s.databasePath { print("  saved as session \(id) in \(path)") }
    }
}

extension ModeKind: ExpressibleByArgument {}
