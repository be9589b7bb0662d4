import ArgumentParser
import Foundation
import PoseVision
import PunchDetect
import PunchKit
import PunchModel

struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a saved model on a labelled dataset: per-class precision, recall, F1, support; confusion matrix.",
        discussion: """
            Clip level: each labelled clip gets one label from the stream, as the coach would see it (the most \
            confident punch event, else the likeliest of stance/idle). Long recordings with truth (X.events.csv) \
            are scored as events (with false punch events per minute). Reads DIR/<label>/<clip>.csv, DIR/index.csv \
            (e.g. CoachMe: SMPL-22, y down) or videos. A clip shorter than the 2-s window is held still at both \
            ends (its first and last frame repeated) so that its end is labelled too; a clip of fewer than 2 \
            frames, and a file that cannot be read, is reported as an error line (naming the file and line) and \
            left out of the scores. Labels of the data that are not the model's classes are read as them where \
            they say the same (Double Jab, lead_hook, rear uppercut) and scored as a family where they name one \
            (straight: jab, double jab or cross; punch: any punch); each reading is said on stderr.
            """)

    @OptionGroup var modelOption: ModelOption
    @Option(help: ArgumentHelp("""
        Dataset folder; repeat it to pool several, scored as one (e.g. two synthetic test sets of other people, \
        so that each camera bin of --by-camera holds more clips). Recordings are then named from the folders' \
        common parent, and people by name only: pool sets of differently named people (synth --first-subject).
        """, valueName: "DIR"))
    var data: [String] = []
    @Option(help: ArgumentHelp("Index file of the folder to read instead of index.csv (e.g. index_coarse.csv).", valueName: "FILE"))
    var index: String?
    @Option(help: ArgumentHelp("""
        Score a label family: truth and predicted labels a, b, c all count as NAME (repeatable), e.g. \
        straight=jab,double_jab,cross when the data does not tell jab from cross.
        """, valueName: "NAME=a,b[,c]"))
    var merge: [String] = []
    @Flag(help: "Macro-F1 per camera yaw (20° bins), stance and selfie view, from the clips' first lines (synthetic data).")
    var byCamera = false
    @Flag(help: ArgumentHelp("""
        Scores per apparent view (frontal, three-quarter, side-on), read from each clip's 2D shoulder width over \
        torso length: works on real sets, which state no camera.
        """))
    var byView = false
    @Option(help: ArgumentHelp("""
        Evaluate only the recordings of one apparent view (frontal, three-quarter, side-on or unknown; see \
        --by-view), e.g. a real set's straights seen side-on.
        """, valueName: "VIEW"))
    var view: String?
    @Flag(help: "Evaluate as if the data were 2D keypoints: drop world coordinates and depth (what YOLO-pose or OpenPose would give).")
    var withoutDepth = false
    @Option(help: ArgumentHelp("""
        Evaluate only these people (comma-separated subjects, as the index or the files name them), e.g. those a \
        model did not train on.
        """, valueName: "a,b,…"))
    var subjects: String?
    @Flag(help: ArgumentHelp("""
        Evaluate only people the model never learnt from: recordings of the subjects its header names (training, \
        validation, a base model's, teachers') are left out. Names only: use it on real sets, whose people have \
        unique names.
        """))
    var unseen = false
    @Option(help: "Write a Markdown report (and a confusion-matrix PNG beside it).") var report: String?
    @Option(help: ArgumentHelp("""
        Score a second model on the same data and compare the two clip by clip: clips each reads right, those only one \
        does, and McNemar's exact test of whether that says one is better (e.g. a model tuned on you against the \
        shipped one, on a check session it never saw).
        """, valueName: "MODEL"))
    var against: String?
    @OptionGroup var stance: StanceOptions
    @OptionGroup var output: JSONOption

    /// The model evaluated, as titles name it.
    private var modelName: String { modelOption.model ?? "the default model" }

    /// The data scored, as messages and titles name it.
    private var dataName: String { data.joined(separator: " + ") }

    func run() async throws {
        var families: LabelMerge
        do { families = try LabelMerge(parsing: merge) } catch { throw CLIError("--merge: \(error)") }
        if let view, !ApparentView.binNames.contains(view) {
            throw CLIError("--view: '\(view)' is not a view; give one of \(ApparentView.binNames.joined(separator: ", "))")
        }
        let classifier = try modelOption.load()
        let other = try against.map { (path: $0, model: try ModelLocation.load($0)) }
        if let other, other.model.classes != classifier.classes {
            throw CLIError("--against \(other.path): its classes (\(other.model.classes.joined(separator: ", "))) are not the model's (\(classifier.classes.joined(separator: ", "))); compare models of the same classes")
        }
        var dataset: Dataset
        do {
            try Dataset.poolableFolders(data.map { URL(fileURLWithPath: $0) })  // before reading a file of them
            dataset = try Dataset.pooled(try DatasetLoading.load(data, index: index, quiet: false, keepingGoing: true))
        } catch let e as PoolingError {
            throw CLIError("--data: \(e)")
        }
        for f in dataset.unreadable { Log.info("error: \(f.error) (left out of the scores)") }
        let reading = TruthLabelReading(labels: dataset.labels, classes: classifier.classes, given: families)
        for line in reading.lines { Log.info(line) }
        dataset.relabel(reading.read)
        families = try reading.merge(adding: families)
        if let subjects {
            do { dataset.clips = try SubjectSelection(parsing: subjects).apply(to: dataset.clips, keeping: true) } catch {
                throw CLIError("--subjects: \(dataName): \(error)")
            }
        }
        let seen = classifier.header.training.allSubjects.intersection(dataset.clips.map(\.person)).sorted()
        if unseen, !seen.isEmpty {
            let learnt = Set(seen)
            let all = dataset.clips.count
            dataset.clips.removeAll { learnt.contains($0.person) }
            guard !dataset.clips.isEmpty else {
                throw CLIError("\(dataName): every recording is of people the model learnt from (\(seen.joined(separator: ", "))); nothing unseen is left to evaluate (leave out --unseen to score them anyway)")
            }
            Log.info("--unseen: left out \(all - dataset.clips.count) recordings of \(seen.count) people the model learnt from (\(seen.joined(separator: ", ")))")
        } else if !seen.isEmpty {
            // Names only: synthetic data drawn with another seed reuses s01, s02, … for other people.
            Log.info("note: the model trained on subjects named as \(seen.count) of this data's (\(seen.prefix(6).joined(separator: ", "))\(seen.count > 6 ? ", …" : "")); if they are the same people, their figures are not held out (--subjects chooses others)")
        }
        if let view { try keepOnly(view: view, of: &dataset) }
        if withoutDepth { dataset.flattenToPicture() }
        var cfg = DetectorConfiguration()
        cfg.stance = stance.fixed
        Log.info("evaluating \(dataset.clips.count) recordings…")
        var evaluation = DatasetEvaluator.evaluate(classifier, clips: dataset.clips, configuration: cfg, merge: families)
        for f in evaluation.failures {
            Log.info("error: \(dataset.root.appendingPathComponent(f.name).path): \(f.message)")
        }
        if evaluation.stanceAssumed > 0 {
            Log.info("note: \(evaluation.stanceAssumed) of \(evaluation.clips.count + evaluation.recordings) recordings read as orthodox boxers': "
                     + "nothing said their stance and they could not show it (2D keypoints, or no guard raised); --stance southpaw if they lead with the right")
        }
        evaluation.failures = dataset.unreadable.map { .init(name: $0.name, message: $0.error.description) } + evaluation.failures
        let compared = other.map { other -> (path: String, evaluation: DatasetEvaluation, comparison: ModelComparison) in
            let e = DatasetEvaluator.evaluate(other.model, clips: dataset.clips, configuration: cfg, merge: families)
            return (other.path, e, ModelComparison(evaluation, e))
        }
        let cameras = byCamera ? CameraBreakdown.groups(evaluation) : nil
        let views = byView ? ViewBreakdown.groups(evaluation) : nil
        // What was scored, as the titles name it: the data, and the one view when --view left the others out.
        let scored = view.map { "\(dataName), the recordings seen \($0)" } ?? dataName
        if let report {
            let url = URL(fileURLWithPath: report)
            let png = url.deletingPathExtension().appendingPathExtension("confusion.png")
            try ConfusionChart.draw(evaluation.report.confusion, title: "clip-level confusion: \(scored)", to: png.path)
            var md = "# Evaluation of \(modelName) on \(scored)\n\n"
            md += EvaluationMarkdown.text(evaluation, title: "Clip level", cameras: cameras, views: views)
            md += "![confusion](\(png.lastPathComponent))\n"
            if let (path, e, c) = compared { md += "\n" + ComparisonMarkdown.text(model: modelName, evaluation, against: path, e, c) }
            try TextFileWriter.write(md, to: url)
        }
        if output.json {
            var out = EvaluationJSON(evaluation)
            out.byCamera = cameras.map { $0.map(EvaluationJSON.CameraEntry.init) }
            out.worstCamera = cameras.flatMap { WorstGroupByChance($0) }.map(EvaluationJSON.WorstCameraEntry.init)
            out.byView = views.map { $0.map(EvaluationJSON.ViewEntry.init) }
            if unseen { out.leftOutSubjects = seen }
            if let (path, e, c) = compared { out.against = .init(model: path, e, c) }
            try JSONOutput.print(out)
        } else {
            print(EvaluationMarkdown.text(evaluation, title: "Evaluation on \(scored)", cameras: cameras, views: views))
            if let (path, e, c) = compared { print(ComparisonMarkdown.text(model: modelName, evaluation, against: path, e, c)) }
        }
    }

    /// `--view`: leaves out the recordings whose shoulders stand otherwise in the picture.
    private func keepOnly(view: String, of dataset: inout Dataset) throws {
        let all = dataset.clips.count
        dataset.clips.removeAll { ApparentView.bin(of: ApparentView($0.sequence)) != view }
        guard !dataset.clips.isEmpty else {
            throw CLIError("\(dataName): none of its \(all) recordings is seen \(view); --by-view shows how they stand")
        }
        Log.info("--view \(view): \(dataset.clips.count) of \(all) recordings")
    }
}
