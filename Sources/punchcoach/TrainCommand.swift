import ArgumentParser
import Foundation
import PunchDetect
import PunchKit
import PunchModel

struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train the punch classifier on labelled clips and report per-class precision and recall.",
        discussion: """
            Folder names are labels (DIR/<label>/<clip>.csv or videos), as in Create ML; annotations.csv and \
            X.events.csv truth add labelled spans. A subject-disjoint share of the subjects is held out for early \
            stopping and for the final report, which goes to --report (Markdown, with a confusion matrix and \
            learning curves as PNGs beside it) and, with --json, to stdout.

            --from MODEL fine-tunes a trained model instead of starting from scratch (e.g. on the clips `coach \
            --mode record` saved of you): its classes, window and feature standardisation are kept, the learning \
            rate starts lower, every epoch holds at least 1 024 windows (a person's few clips drawn over and over, \
            --windows-per-epoch), and the new model's header names the base model's training data as well. With one \
            subject in the data there is nobody to hold out: the last epoch is kept. Half of every epoch's windows \
            then rehearse what the base model knew — 20 clips a class of synthetic boxers it never saw, generated \
            on the fly (--rehearse-synthetic N to change, 0 for none), and any --rehearse DIR — so that a few clips \
            of one person do not make it forget the other classes and people. The data's labels may be in its \
            own words (Guard, Lead Hook, DoubleJab): they are read as the model's classes, as evaluate reads them.
            """)

    @Option(help: "Dataset folder (repeatable).") var data: [String] = []
    @Option(help: ArgumentHelp("Fine-tune this trained model instead of starting from scratch.", valueName: "MODEL")) var from: String?
    @Option(help: ArgumentHelp("""
        With --from: synthetic clips a class of unseen boxers to rehearse while tuning (default \
        \(SyntheticRehearsal.defaultClipsPerClass); 0: none).
        """, valueName: "N"))
    var rehearseSynthetic: Int?
    @Option(help: ArgumentHelp("""
        With --from: another dataset of what the base model knew to rehearse while tuning (repeatable; never \
        held out).
        """, valueName: "DIR"))
    var rehearse: [String] = []
    @Option(help: "Share of every epoch's training windows drawn from the rehearsed data (0…1).")
    var rehearsalShare: Double = TrainingConfiguration().rehearsalShare
    @Option(help: "Peak learning rate (default 0.002; 0.0002 with --from).") var learningRate: Float?
    @Option(help: "AdamW's decoupled weight decay: each step shrinks the weights by this times the learning rate (0…10).")
    var weightDecay: Float = TrainingConfiguration().weightDecay
    @Option(help: "Where to write the model.") var out: String
    @Option(help: "Epochs (default 20; 8 with --from); the learning rate decays over them (early stopping may end sooner).")
    var epochs: Int?
    @Option(help: "Random seed: the same seed and data give the same model.") var seed: UInt64 = 1
    @Option(help: "Write a Markdown report here (PNGs beside it).") var report: String?
    @Option(help: "Share of subjects held out for validation.") var validationFraction: Double = 0.2
    @Option(help: ArgumentHelp("""
        People of the data never to train on (comma-separated subjects; repeatable), kept apart for reporting; \
        the model file records them.
        """, valueName: "a,b,…"))
    var excludeSubjects: [String] = []
    @Option(help: ArgumentHelp("""
        People of the data never held out for validation, so that all of them are learnt (comma-separated; \
        repeatable): a real set's other people in a leave-one-out fold (tools/real-folds).
        """, valueName: "a,b,…"))
    var neverValidate: [String] = []
    @Option(help: "Look-ahead in 60 fps frames (latency vs. accuracy).") var lookahead: Int = TrainingConfiguration().lookahead
    @Option(help: "Training windows per 3 s of recording per epoch.") var samplesPerClip: Int = 8
    @Option(help: ArgumentHelp("""
        The fewest training windows an epoch holds: fewer clips are drawn more often to reach it (default \
        \(TrainingConfiguration.fineTuningEpochWindows) with --from, so that a person's few clips get more than one \
        step an epoch; 0: no floor).
        """, valueName: "N"))
    var windowsPerEpoch: Int?
    @Option(help: "Early-stopping patience in epochs.") var patience: Int = 8
    @Option(help: "Class weights = (inverse class frequency)^this: 1 balances fully, 0 not at all.") var classBalance: Double = 1
    @Option(help: "Comma-separated labels that are states, not punches.") var background: String = "stance,idle"
    @Option(help: "Share of training windows whose 3D block is dropped, so the network learns the picture alone (0…1).")
    var depthDropout: Double = Augmentation().depthDropout
    @Option(help: ArgumentHelp("A trained model whose probabilities the new one learns besides the labels (repeat for an ensemble of teachers).",
                               valueName: "model"))
    var teacher: [String] = []
    @Option(help: "Weight of the teachers' mean probabilities in each training target (0…1; the label gets the rest).")
    var distillation: Float = TrainingConfiguration().distillation
    @Option(help: "Share of training windows cut like a short clip of the action alone and held still at both ends, as short clips are classified (0…1).")
    var clipCut: Double = Augmentation().clipCut
    @Option(help: "Share of training windows whose wrists and elbows flicker out in bursts, as 2D pose tools lose them (0…1).")
    var armFlicker: Double = Augmentation().armFlicker
    @Option(help: ArgumentHelp("Standard deviation, in torso lengths, of where a share of the training windows hold their hands in guard (0: off; measured and not shipped, docs/real-people.md).",
                               valueName: "sigma"))
    var guardPlacement: Double = Augmentation().guardPlacement
    @Option(help: "Share of a depth sensor's training windows (camera-space metres, e.g. PRECOG's Kinect) whose picture a random camera takes again, the body turned to any view (0…1; 0: off; measured and not shipped, docs/real-people.md).")
    var virtualViews: Double = Augmentation().virtualViews
    @Option(name: .customLong("stance-unknown-2d"), help: "Share of the training windows read as 2D keypoints that are not mirrored by the boxer's stance, as 2D input, which cannot tell the stance, is read (0…1; 0: off; an experiment, docs/real-people.md).")
    var stanceUnknown2D: Double = Augmentation().stanceUnknown2D
    @Option(help: ArgumentHelp("Weight of a loss that asks the network to read two views of each training window, each augmented on its own, alike (Jensen-Shannon; 0: off; an experiment, docs/real-people.md).",
                               valueName: "weight"))
    var viewConsistency: Float = TrainingConfiguration().viewConsistency
    @Flag(name: .customLong("depth-teaches-2d"), help: "With --view-consistency: of two views of which only one has its 3D block, only the one without is moved towards the other.")
    var depthTeaches2D = false
    @Flag(name: .customLong("views-share-timing"), help: "With --view-consistency: a window's two views share their speed and cut, differing only in camera, pose-tool error and depth.")
    var viewsShareTiming = false
    @Option(help: "Share of the epochs, at the end, whose weights are averaged step by step into the model (0: keep the epoch of lowest validation loss).")
    var weightAveraging: Double = TrainingConfiguration().weightAveraging
    @Option(help: "Network shape: standard or wide.") var architecture: Architecture = .standard
    @Option(help: ArgumentHelp("Networks trained from seeds S, S+1, …, whose probabilities the model averages: an ensemble, steadier on people unlike the training data; each member costs a forward pass (--from keeps the base model's count).",
                               valueName: "n"))
    var members: Int = 1
    @Option(help: ArgumentHelp("With --from: tune the model K times, from seeds S, S+1, …, and average the K networks' weights into one (a model soup, Wortsman et al., ICML 2022); K times the training time, one network's forward pass. On real people as good as one tuning on average and steadier where seeds disagree; measured and not the default (docs/real-people.md).",
                               valueName: "K"))
    var soup: Int = 1
    @Flag(help: "Train without augmentation.") var noAugmentation = false
    @OptionGroup var output: JSONOption

    func validate() throws {
        guard (epochs ?? 1) > 0 else { throw ValidationError("--epochs must be at least 1") }
        guard (0..<1).contains(validationFraction) else { throw ValidationError("--validation-fraction must be in [0, 1)") }
        guard lookahead >= 0 && lookahead < 60 else { throw ValidationError("--lookahead must be 0…59 frames") }
        guard (0...1).contains(classBalance) else { throw ValidationError("--class-balance must be in [0, 1]") }
        if let learningRate, !(learningRate > 0 && learningRate < 1) { throw ValidationError("--learning-rate must be in (0, 1)") }
        guard weightDecay >= 0 && weightDecay < 10 else { throw ValidationError("--weight-decay must be in [0, 10)") }
        guard (0...1).contains(depthDropout) else { throw ValidationError("--depth-dropout must be in [0, 1]") }
        guard (0...1).contains(distillation) else { throw ValidationError("--distillation must be in [0, 1]") }
        guard (0...1).contains(clipCut) else { throw ValidationError("--clip-cut must be in [0, 1]") }
        guard (0...1).contains(armFlicker) else { throw ValidationError("--arm-flicker must be in [0, 1]") }
        guard (0...0.5).contains(guardPlacement) else { throw ValidationError("--guard-placement must be in [0, 0.5] torso lengths") }
        guard (0...1).contains(virtualViews) else { throw ValidationError("--virtual-views must be in [0, 1]") }
        guard (0...1).contains(stanceUnknown2D) else { throw ValidationError("--stance-unknown-2d must be in [0, 1]") }
        guard (0...100).contains(viewConsistency) else { throw ValidationError("--view-consistency must be in [0, 100]") }
        guard !depthTeaches2D || viewConsistency > 0 else { throw ValidationError("--depth-teaches-2d needs --view-consistency above 0") }
        guard !viewsShareTiming || viewConsistency > 0 else { throw ValidationError("--views-share-timing needs --view-consistency above 0") }
        guard (0...1).contains(weightAveraging) else { throw ValidationError("--weight-averaging must be in [0, 1]") }
        guard ModelHeader.memberRange.contains(members) else {
            throw ValidationError("--members must be \(ModelHeader.memberRange.lowerBound)…\(ModelHeader.memberRange.upperBound)")
        }
        guard rehearse.isEmpty && rehearseSynthetic == nil || from != nil else {
            throw ValidationError("--rehearse and --rehearse-synthetic need --from: they keep what a trained model knew")
        }
        guard (rehearseSynthetic ?? 0) >= 0 else { throw ValidationError("--rehearse-synthetic must be 0 or more") }
        guard (0...1_000_000).contains(windowsPerEpoch ?? 0) else { throw ValidationError("--windows-per-epoch must be 0…1000000") }
        guard (0..<1).contains(rehearsalShare) else { throw ValidationError("--rehearsal-share must be in [0, 1)") }
        guard from == nil || members == 1 else { throw ValidationError("--from keeps the base model's members; leave out --members") }
        guard (1...8).contains(soup) else { throw ValidationError("--soup must be 1…8 tunings") }
        guard soup == 1 || from != nil else {
            throw ValidationError("--soup averages networks tuned from one model: give --from MODEL (networks trained apart do not average)")
        }
    }

    func run() async throws {
        HeapReuse.keepFreedBlocks()
        try OutputFile.check(out, option: "--out")
        if let report { try OutputFile.check(report, option: "--report") }
        let base = try from.map { try ModelLocation.load($0) }
        if let base, soup > 1, base.networks.count > 1 {
            throw CLIError("\(from!): an ensemble of \(base.networks.count) networks; --soup averages the tunings of one network")
        }
        var datasets = try DatasetLoading.load(data)
        if let base { try FineTuneLabels.read(&datasets, as: base.classes) }
        var clips = datasets.flatMap(\.clips)
        // Repeatable, so that a script can add a fold's person to a recipe's own list (tools/real-folds).
        let excluded = try excludeSubjects.isEmpty ? nil : SubjectSelection(parsing: excludeSubjects)
        if let excluded {
            do { clips = try excluded.apply(to: clips, keeping: false) } catch { throw CLIError("--exclude-subjects: \(error)") }
            Log.info("left out of training: \(excluded.names.joined(separator: ", "))")
        }
        var alwaysTrained = Set<String>()
        if !neverValidate.isEmpty {
            let named = try SubjectSelection(parsing: neverValidate)
            do { try named.requirePresent(in: clips) } catch { throw CLIError("--never-validate: \(error)") }
            alwaysTrained = Set(named.names)
        }
        var labels = Set(datasets.flatMap(\.labels))
        let classes: [String], backgroundClasses: [String]
        if let base {
            // Fine-tuning keeps the model's classes: the data may hold any of them, but no other.
            let unknown = labels.subtracting(base.classes).sorted()
            guard unknown.isEmpty else {
                throw CLIError("\(from!): the model knows \(base.classes.joined(separator: ", ")); the data also has \(unknown.joined(separator: ", ")) — train from scratch (without --from) to add classes")
            }
            classes = base.classes
            backgroundClasses = base.header.background
        } else {
            let requestedBackground = background.split(separator: ",").map(String.init)
            guard let firstBackground = requestedBackground.first else { throw CLIError("--background needs at least one label (e.g. stance)") }
            // Clips of punches only still have guard around each punch: those frames are the first background label.
            if labels.isDisjoint(with: requestedBackground) { labels.insert(firstBackground) }
            classes = PunchLabel.ordered(labels)
            backgroundClasses = requestedBackground.filter(classes.contains)
        }
        guard classes.count >= 2 else { throw CLIError("the data has \(classes.count) label(s) (\(classes.joined(separator: ", "))); need at least 2") }
        Log.info("classes: \(classes.joined(separator: ", ")) (background: \(backgroundClasses.joined(separator: ", ")))")
        let syntheticSpec = base == nil ? nil
            : SyntheticRehearsal.spec(clipsPerClass: rehearseSynthetic ?? SyntheticRehearsal.defaultClipsPerClass, classes: classes)
        // The synthetic set is named by its spec (the same spec gives the same files); the others by path and hash.
        var rehearsalFolders = rehearse.isEmpty ? [] : try DatasetLoading.load(rehearse)
        try FineTuneLabels.read(&rehearsalFolders, as: classes)
        let rehearsalSets = try rehearsalFolders + (syntheticSpec.map { [try SyntheticRehearsal.load($0)] } ?? [])
        let rehearsalNames = rehearse + (syntheticSpec.map { [SyntheticRehearsal.description($0)] } ?? [])
        let rehearsalClips = try Self.rehearsalClips(rehearsalSets, names: rehearsalNames, classes: classes, data: clips)

        var cfg = TrainingConfiguration()
        // Fine-tuning: 8 epochs, as measured (`tools/finetune-demo`); 20 on a few clips of one person keep
        // fewer of the other people (docs/real-people.md, the fifteenth stop on issue 12).
        cfg.epochs = epochs ?? (base == nil ? cfg.epochs : 8)
        cfg.seed = seed
        cfg.validationFraction = validationFraction
        cfg.lookahead = base?.window.lookahead ?? lookahead
        cfg.samplesPerClip = samplesPerClip
        let epochFloor = windowsPerEpoch ?? (base == nil ? 0 : TrainingConfiguration.fineTuningEpochWindows)
        cfg.minimumEpochWindows = epochFloor > 0 ? epochFloor : nil
        cfg.patience = patience
        cfg.classBalance = classBalance
        cfg.learningRate = learningRate ?? (base == nil ? cfg.learningRate : 2e-4)
        cfg.weightDecay = weightDecay
        cfg.keepStandardisation = base != nil
        cfg.augmentation.depthDropout = depthDropout
        cfg.augmentation.clipCut = clipCut
        cfg.augmentation.armFlicker = armFlicker
        cfg.augmentation.guardPlacement = guardPlacement
        cfg.augmentation.virtualViews = virtualViews
        cfg.augmentation.stanceUnknown2D = stanceUnknown2D
        cfg.architecture = architecture
        cfg.weightAveraging = weightAveraging
        cfg.viewConsistency = viewConsistency
        cfg.depthTeaches2D = depthTeaches2D
        cfg.viewsShareTiming = viewsShareTiming
        cfg.distillation = distillation
        cfg.rehearsalShare = rehearsalShare
        if noAugmentation { cfg.augmentation = .none }

        let started = Date()
        let prepared = TrainingSet.prepare(clips, classes: classes, background: backgroundClasses)
        let preparedRehearsal = TrainingSet.prepare(rehearsalClips, classes: classes, background: backgroundClasses)
        if !preparedRehearsal.isEmpty {
            Log.info("rehearsing \(preparedRehearsal.count) clips at \(Int((rehearsalShare * 100).rounded())) % of every epoch's windows")
        }
        let subjects = Set(prepared.map(\.subject))
        if base == nil, subjects.count == 1, let shipped = ModelLocation.defaultURL?.path {
            // A few clips of one person (the coach's record mode) teach a network from nothing next to nothing.
            Log.info("note: every clip is of one person (\(subjects.first!)): too few to learn from nothing; to tune the shipped model on them instead: punchcoach train --from \(shipped) --data \(data.joined(separator: " --data ")) --out \(out)")
        }
        let fraction = base != nil && subjects.count < 2 ? 0 : validationFraction
        if fraction != validationFraction { Log.info("one subject in the data: nothing held out, the last epoch is kept") }
        let split = TrainingSet.splitBySubject(prepared, fraction: fraction, seed: seed, alwaysTrained: alwaysTrained)
        Log.info("subjects: \(Set(split.train.map(\.subject)).count) for training, \(split.validationSubjects.count) held out (\(split.validationSubjects.joined(separator: ", ")))")
        let window = base?.window ?? .standard(lookahead: lookahead)
        let teacherModels = try teacher.map { path -> PunchClassifier in
            let t = try ModelLocation.load(path)
            guard t.classes == classes, t.window == window else {
                throw CLIError("\(path): a teacher must have the new model's classes (\(classes.joined(separator: ", "))) and window (look-ahead \(window.lookahead)); it has \(t.classes.joined(separator: ", ")) and look-ahead \(t.window.lookahead)")
            }
            return t
        }
        let teachers = teacherModels.flatMap(\.memberClassifiers)
        if !teachers.isEmpty { Log.info("distilling \(teachers.count) teacher network(s) at weight \(distillation)") }
        // Each member (or each tuning of a soup): its own seed (the first keeps --seed, so one member trains as
        // before), the split and the standardisation of the first. A soup's tunings each start from a copy of the base.
        let starts = base.map { model in soup > 1 ? (0..<soup).map { _ in model.copy() } : model.memberClassifiers }
        let count = starts?.count ?? members
        var trained: [(classifier: PunchClassifier, outcome: Trainer.Outcome, seed: UInt64)] = []
        for m in 0..<count {
            var memberConfiguration = cfg
            memberConfiguration.seed = seed + UInt64(m)
            let classifier = starts?[m] ?? PunchClassifier(classes: classes, background: backgroundClasses, architecture: cfg.architecture,
                                                           lookahead: lookahead, seed: memberConfiguration.seed)
            if let first = trained.first?.classifier, starts == nil {
                memberConfiguration.keepStandardisation = true
                classifier.setStandardisation(mean: first.header.features.mean, std: first.header.features.std)
            }
            if count > 1 { Log.info("\(soup > 1 ? "tuning" : "member") \(m + 1) of \(count) (seed \(memberConfiguration.seed))") }
            let trainer = Trainer(classifier: classifier, configuration: memberConfiguration, teachers: teachers)
            let bar = TrainingProgressView(epochs: cfg.epochs)
            trained.append((classifier, trainer.train(split.train, validation: split.validation, rehearsal: preparedRehearsal, progress: bar.update), memberConfiguration.seed))
        }
        let outcome = trained[0].outcome
        let memberTrainings: [ModelHeader.MemberTraining]? = count == 1 || soup > 1 ? nil
            : trained.map { .init(seed: $0.seed, epochs: $0.outcome.history.count, bestEpoch: $0.outcome.bestEpoch) }
        let learnt: [String] = Set(split.train.map(\.subject)).union(rehearsalClips.map(\.person)).sorted()
        let dataHash = try DatasetLoading.hash(datasets + rehearsalFolders)
        // What one training (a soup: each tuning) learnt from; a soup's file then names its tunings as an average does.
        func record(seed: UInt64, _ outcome: Trainer.Outcome) -> ModelHeader.TrainingInfo {
            ModelHeader.TrainingInfo(
                dataHash: dataHash, data: data,
                subjects: learnt, validationSubjects: split.validationSubjects, seed: seed, epochs: outcome.history.count,
                bestEpoch: outcome.bestEpoch, trainedAt: ISO8601DateFormatter().string(from: Date()),
                base: base.map { [$0.header.training] + ($0.header.training.base ?? []) },
                teachers: teacherModels.isEmpty ? nil : teacherModels.map(\.header.training),
                members: memberTrainings, excludedSubjects: excluded?.names, rehearsal: rehearsalNames.isEmpty ? nil : rehearsalNames,
                configuration: cfg)
        }
        let classifier: PunchClassifier
        if soup > 1 {
            for t in trained { t.classifier.setTrainingInfo(record(seed: t.seed, t.outcome)) }
            classifier = try WeightAverage.average(trained.map(\.classifier), weights: Array(repeating: 1 / Double(soup), count: soup))
            Log.info("averaged the \(soup) tunings (seeds \(seed)…\(seed + UInt64(soup - 1))) into one network")
        } else {
            classifier = count == 1 ? trained[0].classifier
                : PunchClassifier(header: trained[0].classifier.header, networks: trained.map(\.classifier.network))
            classifier.setTrainingInfo(record(seed: seed, outcome))
        }
        let trainingSeconds = Date().timeIntervalSince(started)
        try ModelFile.write(classifier, to: URL(fileURLWithPath: out))
        Log.info("model written to \(out) (\(classifier.parameterCount) parameters, \(String(format1: trainingSeconds)) s)")

        // The report: clip level on the held-out subjects, as `evaluate` computes it.
        let heldOut = clips.filter { split.validationSubjects.contains($0.person) }
        let evaluation = DatasetEvaluator.evaluate(classifier, clips: heldOut)
        if let report {
            try TrainingReport.write(to: URL(fileURLWithPath: report), classifier: classifier, configuration: cfg, outcome: outcome,
                                     evaluation: evaluation, datasets: datasets, seconds: trainingSeconds, command: CommandLine.arguments,
                                     modelPath: out)
        }
        if output.json {
            try JSONOutput.print(TrainingJSON(evaluation: EvaluationJSON(evaluation), history: outcome.history, bestEpoch: outcome.bestEpoch,
                                              seconds: trainingSeconds, model: out, classes: classes,
                                              validationSubjects: split.validationSubjects))
        } else if split.validationSubjects.isEmpty {
            print(TrainingReport.nobodyHeldOut(model: out, data: classifier.header.training.data))
        } else {
            print(EvaluationMarkdown.text(evaluation, title: "Held-out subjects (\(split.validationSubjects.joined(separator: ", ")))"))
        }
    }
}

extension TrainCommand {
    /// The clips of the --rehearse datasets, checked: labels the model knows, and nobody who is also in --data
    /// (whose clips may be held out, and rehearsal never is).
    static func rehearsalClips(_ sets: [Dataset], names: [String], classes: [String], data: [LabelledClip]) throws -> [LabelledClip] {
        let people = Set(data.map(\.person))
        for (set, path) in zip(sets, names) {
            let unknown = Set(set.labels).subtracting(classes).sorted()
            guard unknown.isEmpty else {
                throw CLIError("\(path): --rehearse data has \(unknown.joined(separator: ", ")), which the model does not know (\(classes.joined(separator: ", ")))")
            }
            let shared = Set(set.clips.map(\.person)).intersection(people).sorted()
            guard shared.isEmpty else {
                throw CLIError("\(path): \(shared.joined(separator: ", ")) also in --data; rename the subjects of --data or rehearse other people (--rehearse-synthetic 0 leaves the synthetic ones out)")
            }
        }
        return sets.flatMap(\.clips)
    }
}

/// `train --json`: the evaluation keys of `evaluate` at the top level, plus the training history.
struct TrainingJSON: Encodable {
    var evaluation: EvaluationJSON
    var history: [EpochStats]
    var bestEpoch: Int
    var seconds: Double
    var model: String
    var classes: [String]
    var validationSubjects: [String]

    func encode(to encoder: Encoder) throws {
        try evaluation.encode(to: encoder)
        enum Keys: String, CodingKey { case history, bestEpoch = "best_epoch", seconds, model, classLabels = "class_labels", validationSubjects = "validation_subjects" }
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(history, forKey: .history)
        try c.encode(bestEpoch, forKey: .bestEpoch)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(model, forKey: .model)
        try c.encode(classes, forKey: .classLabels)
        try c.encode(validationSubjects, forKey: .validationSubjects)
    }
}

/// The progress bar of training: per batch within an epoch, a line per finished epoch.
final class TrainingProgressView {
    private var bar: ProgressBar?
    let epochs: Int
    init(epochs: Int) { self.epochs = epochs }

    func update(_ p: TrainingProgress) {
        switch p {
        case .standardising(let n): Log.info("standardising features on \(n) windows…")
        case .batch(let epoch, _, let batch, let batches, let loss, let accuracy):
            if batch == 1 { bar = ProgressBar("epoch \(epoch)/\(epochs)", total: batches) }
            bar?.update(batch, "loss \(String(format3: loss)) acc \(String(format3: accuracy))")
        case .epoch(let s, let best):
            var line = "loss \(String(format3: s.trainLoss)) acc \(String(format3: s.trainAccuracy))"
            if let vl = s.validationLoss, let va = s.validationAccuracy, let f = s.validationMacroF1 {
                line += " | val loss \(String(format3: vl)) acc \(String(format3: va)) macro-F1 \(String(format3: f))"
            }
            bar?.finish(line + " (\(String(format1: s.seconds)) s)" + (best ? " ★" : ""))
        case .stopped(let early, let bestEpoch):
            Log.info(early ? "early stop; best epoch \(bestEpoch)" : "done; best epoch \(bestEpoch)")
        }
    }
}

extension Architecture: ExpressibleByArgument {}
