import Foundation
import PunchKit

/// The parameters of a generated dataset, as a small JSON file (`Datasets/synth-v4.json`): with the same
/// generator version, the same spec gives byte-identical files.
public struct SynthSpec: Codable, Sendable, Equatable {
    /// Version of the generator's motion and noise models; bumped whenever the same seed would give
    /// different files, so that an old spec is refused rather than silently giving other data.
    public static let generatorVersion = 4

    public var generator: Int
    public var seed: UInt64
    public var clipsPerClass: Int
    public var subjects: Int
    /// Number of the first subject (`s01` by default); a test set drawn with another seed and a higher
    /// first subject has names that cannot be mistaken for the training subjects.
    public var firstSubject: Int
    public var rounds: Int
    public var roundSeconds: Double
    public var labels: [String]
    public var note: String?
    /// `"image_wander": true` draws a slow wander of the picture's joints (`ObservationModel`), an
    /// experiment of docs/real-people.md; absent, the data is the generator's without it.
    public var imageWander: Bool?
    /// `"cameras_behind": 0.15` films that share of the clips from behind the boxer (`CameraRig.random`), an
    /// experiment of docs/real-people.md; absent, no camera is further round than 100° of yaw.
    public var camerasBehind: Double?
    /// `"arm_strikes": 1` draws back fists and elbow strikes among the idle motions as often as kicks
    /// (`IdlePlanner`), an experiment of docs/real-people.md; absent, there are none.
    public var armStrikes: Double?
    /// `"motion_blur": true` blurs fast joints along their motion, each seen at a moment drawn within the
    /// shutter's exposure, and scatters them across it (`ObservationModel`), an experiment of docs/real-people.md;
    /// absent, no blur.
    public var motionBlur: Bool?

    public init(seed: UInt64 = 1, clipsPerClass: Int = 40, subjects: Int = 12, firstSubject: Int = 1, rounds: Int = 0,
                roundSeconds: Double = 60, labels: [String] = PunchLabel.allCases.map(\.rawValue), note: String? = nil) {
        self.generator = Self.generatorVersion
        self.seed = seed
        self.clipsPerClass = clipsPerClass
        self.subjects = subjects
        self.firstSubject = firstSubject
        self.rounds = rounds
        self.roundSeconds = roundSeconds
        self.labels = labels
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case generator, seed, labels, note, subjects, rounds
        case clipsPerClass = "clips_per_class"
        case roundSeconds = "round_seconds"
        case firstSubject = "first_subject"
        case imageWander = "image_wander"
        case camerasBehind = "cameras_behind"
        case armStrikes = "arm_strikes"
        case motionBlur = "motion_blur"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        generator = try c.decode(Int.self, forKey: .generator)
        seed = try c.decode(UInt64.self, forKey: .seed)
        clipsPerClass = try c.decode(Int.self, forKey: .clipsPerClass)
        subjects = try c.decode(Int.self, forKey: .subjects)
        firstSubject = try c.decodeIfPresent(Int.self, forKey: .firstSubject) ?? 1
        rounds = try c.decode(Int.self, forKey: .rounds)
        roundSeconds = try c.decode(Double.self, forKey: .roundSeconds)
        labels = try c.decode([String].self, forKey: .labels)
        note = try c.decodeIfPresent(String.self, forKey: .note)
        imageWander = try c.decodeIfPresent(Bool.self, forKey: .imageWander)
        camerasBehind = try c.decodeIfPresent(Double.self, forKey: .camerasBehind)
        armStrikes = try c.decodeIfPresent(Double.self, forKey: .armStrikes)
        motionBlur = try c.decodeIfPresent(Bool.self, forKey: .motionBlur)
    }

    public static func read(_ url: URL) throws -> SynthSpec {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SynthError("\(url.path): cannot read the spec (\(error.localizedDescription)); check the path")
        }
        let spec: SynthSpec
        do { spec = try JSONDecoder().decode(SynthSpec.self, from: data) } catch {
            throw SynthError("\(url.path): not a synth spec (\(error)); expected keys generator, seed, clips_per_class, subjects, rounds, round_seconds, labels")
        }
        guard spec.generator == generatorVersion else {
            throw SynthError("\(url.path): written for generator version \(spec.generator), this build has version \(generatorVersion); use the matching release of punchcoach")
        }
        try spec.validate(file: url.path)
        return spec
    }

    public func validate(file: String = "spec") throws {
        let known = Set(PunchLabel.allCases.map(\.rawValue))
        if let bad = labels.first(where: { !known.contains($0) }) {
            throw SynthError("\(file): label '\(bad)' is not one of \(PunchLabel.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard clipsPerClass >= 1 || (labels.isEmpty && rounds > 0) else { throw SynthError("\(file): clips per class must be at least 1") }
        guard subjects >= 1 else { throw SynthError("\(file): subjects must be at least 1") }
        guard (1...9000).contains(firstSubject) else { throw SynthError("\(file): first subject must be 1…9000") }
        guard rounds >= 0 else { throw SynthError("\(file): rounds must be 0 or more") }
        if let behind = camerasBehind, !(0...CameraPlacement.sideViewShare).contains(behind) {
            // The share is taken from the side views' (`CameraRig.random`).
            throw SynthError("\(file): cameras_behind must be between 0 and \(CameraPlacement.sideViewShare) (got \(behind))")
        }
        if let strikes = armStrikes, !(0...4).contains(strikes) {
            throw SynthError("\(file): arm_strikes must be between 0 and 4 (got \(strikes))")
        }
        guard rounds == 0 || (roundSeconds >= 10 && roundSeconds <= 600) else {
            throw SynthError("\(file): round seconds must be between 10 and 600")
        }
    }

    public func json() -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try! e.encode(self), as: UTF8.self) + "\n"
    }
}

/// A problem with the synth parameters or output folder, as one line (whatever a spec's label holds).
public struct SynthError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description.oneLine }
}
