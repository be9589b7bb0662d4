import Foundation
import PunchKit

/// Writes a whole synthetic dataset in the layout `Dataset.load` reads:
/// `DIR/<label>/sNN_<label>_NNNN.csv`, `DIR/annotations.csv` (every clip's segments),
/// `DIR/rounds/sNN_round_NNN.csv` + `.events.csv`, and `DIR/synth-spec.json` (what made it).
/// Clips are generated on all cores; each has its own random stream, so the files do not depend on
/// the order or the number of threads.
public struct DatasetWriter: Sendable {
    public let spec: SynthSpec
    public let options: SynthOptions

    public init(spec: SynthSpec, options: SynthOptions = SynthOptions()) {
        self.spec = spec
        var options = options
        if spec.imageWander == true { options.imageWander = true }
        if let behind = spec.camerasBehind { options.camerasBehind = behind }
        if let strikes = spec.armStrikes { options.armStrikes = strikes }
        if spec.motionBlur == true { options.motionBlur = true }
        self.options = options
    }

    public struct Summary: Sendable {
        public var clips: [String: Int]
        public var rounds: Int
        public var roundEvents: Int
        public var frames: Int
        public var seconds: Double
        public var subjects: [String]
        public var roundSubjects: [String]
    }

    /// Clip subjects `s01…sN`; round subjects continue the numbering, so that the rounds are subject-disjoint.
    public var clipSubjects: [SubjectProfile] {
        SubjectPool.make(seed: spec.seed, ids: spec.firstSubject...(spec.firstSubject + max(1, spec.subjects) - 1))
    }
    public var roundSubjects: [SubjectProfile] {
        let n = max(1, min(spec.rounds, spec.subjects))
        let first = spec.firstSubject + spec.subjects
        return SubjectPool.make(seed: spec.seed, ids: first...(first + n - 1))
    }

    public func write(to root: URL, progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let fm = FileManager.default
        let labels = spec.labels.compactMap(PunchLabel.init(rawValue:))
        do {
            for l in labels { try fm.createDirectory(at: root.appendingPathComponent(l.rawValue), withIntermediateDirectories: true) }
            if spec.rounds > 0 { try fm.createDirectory(at: root.appendingPathComponent("rounds"), withIntermediateDirectories: true) }
        } catch {
            throw SynthError("\(root.path): cannot create the output folders (\(error.localizedDescription)); check the path is writable")
        }
        let clips = ClipGenerator(seed: spec.seed, subjects: clipSubjects, options: options)
        let rounds = RoundGenerator(seed: spec.seed, subjects: roundSubjects, options: options)
        enum Job { case clip(PunchLabel, Int), round(Int) }
        // Rounds first: they are the longest jobs, so both cores stay busy to the end.
        var jobs: [Job] = (0..<spec.rounds).map { .round($0) }
        for l in labels { for i in 0..<spec.clipsPerClass { jobs.append(.clip(l, i)) } }

        struct Result { var annotations: [Annotation] = []; var label: String?; var frames = 0; var seconds = 0.0; var events = 0; var error: Error? }
        let shared = Locked([Result](repeating: Result(), count: jobs.count))
        let total = jobs.count
        let jobsCopy = jobs
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            var r = Result()
            do {
                switch jobsCopy[i] {
                case .clip(let label, let index):
                    let c = clips.clip(label, index: index)
                    try SkeletonCSV.write(c.sequence, to: root.appendingPathComponent(c.name))
                    r.annotations = c.annotations
                    r.label = label.rawValue
                    r.frames = c.sequence.frameCount
                    r.seconds = c.sequence.duration
                case .round(let index):
                    let g = rounds.round(index: index, seconds: spec.roundSeconds)
                    try SkeletonCSV.write(g.sequence, to: root.appendingPathComponent(g.name + ".csv"))
                    try EventCSV.write(g.events, to: root.appendingPathComponent(g.name + ".events.csv"))
                    r.frames = g.sequence.frameCount
                    r.seconds = g.sequence.duration
                    r.events = g.events.count
                }
            } catch {
                r.error = error
            }
            let done = shared.withLock { results -> Int in
                results[i] = r
                return results.filter { $0.label != nil || $0.frames > 0 || $0.error != nil }.count
            }
            progress(done, total)
        }
        let results = shared.withLock { $0 }
        if let error = results.compactMap(\.error).first { throw error }
        let annotations = results.flatMap(\.annotations).sorted { ($0.file, $0.start) < ($1.file, $1.start) }
        // Each write fails in one line naming its file (`TextFileWriter`).
        if !annotations.isEmpty { try Annotation.write(annotations, to: root.appendingPathComponent("annotations.csv")) }
        try TextFileWriter.write(spec.json(), to: root.appendingPathComponent("synth-spec.json"))
        var perLabel: [String: Int] = [:]
        for r in results { if let l = r.label { perLabel[l, default: 0] += 1 } }
        return Summary(clips: perLabel, rounds: spec.rounds, roundEvents: results.map(\.events).reduce(0, +),
                       frames: results.map(\.frames).reduce(0, +), seconds: results.map(\.seconds).reduce(0, +),
                       subjects: clipSubjects.map(\.name), roundSubjects: spec.rounds > 0 ? roundSubjects.map(\.name) : [])
    }
}

