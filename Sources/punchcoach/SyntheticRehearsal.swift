import Foundation
import PunchKit
import PunchSynth

/// The synthetic boxers `train --from` rehearses unless told otherwise: people no shipped model saw
/// (s701…, seed 43), drawn by today's generator — the one the shipped model learnt from — written to a
/// temporary folder and read back as a dataset. A few clips of one person then tune the model without it
/// forgetting the classes and people those clips lack (docs/classifier.md, "Fine-tuning on a person").
enum SyntheticRehearsal {
    /// 20 clips a class of 10 people and four 60-s rounds: as many windows as a person's few clips give an
    /// epoch at the default share, from people and punches enough not to be learnt by heart. The size the
    /// fine-tuning figures were measured with (`tools/finetune-demo`).
    static let defaultClipsPerClass = 20

    /// The spec for a model of `classes`: the synthetic labels it knows; rounds only when it knows them all
    /// (a round throws every punch). Nil when it knows none of them.
    static func spec(clipsPerClass: Int, classes: [String]) -> SynthSpec? {
        let labels = PunchLabel.allCases.map(\.rawValue).filter(classes.contains)
        guard !labels.isEmpty, clipsPerClass > 0 else { return nil }
        return SynthSpec(seed: 43, clipsPerClass: clipsPerClass, subjects: 10, firstSubject: 701,
                         rounds: labels.count == PunchLabel.allCases.count ? 4 : 0, labels: labels,
                         note: "rehearsed while fine-tuning (train --from)")
    }

    /// Generates the spec's data and loads it; the folder is removed once read.
    static func load(_ spec: SynthSpec) throws -> Dataset {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("punchcoach-rehearsal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do { _ = try DatasetWriter(spec: spec).write(to: folder) } catch {
            throw CLIError("cannot write the synthetic rehearsal data to \(folder.path) (\(error)); set TMPDIR to a writable folder, or pass --rehearse-synthetic 0")
        }
        return try Dataset.load(folder)
    }

    /// How the model file names this data (`training.rehearsal`).
    static func description(_ spec: SynthSpec) -> String {
        "synthetic: generator \(spec.generator), seed \(spec.seed), \(spec.clipsPerClass) clips a class, "
            + "s\(spec.firstSubject) to s\(spec.firstSubject + spec.subjects - 1), \(spec.rounds) rounds"
    }
}
