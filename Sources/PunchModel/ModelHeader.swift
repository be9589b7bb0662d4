import PunchKit

/// What a model file says about itself (the JSON line after the magic line). Everything the live
/// pipeline must reproduce to feed the network what it was trained on is here.
public struct ModelHeader: Codable, Equatable, Sendable {
    /// Version of the file layout; a file with a higher number is refused.
    public var format: Int
    /// Output classes in logit order; the dataset's folder names.
    public var classes: [String]
    /// Classes that are states, not punches (no event is emitted for them).
    public var background: [String]
    /// Joint layout of the input (always the canonical one today).
    public var layout: String
    public var window: WindowSpec
    public var features: FeatureSpec
    public var layers: [LayerSpec]
    /// Networks of these layers whose probabilities are averaged (an ensemble); nil for one. Format 2.
    public var members: Int?
    public var training: TrainingInfo
    /// Weights of one network (one member).
    public var parameterCount: Int
    public var payloadBytes: Int
    public var payloadSHA256: String

    public struct WindowSpec: Codable, Equatable, Sendable {
        public var frames: Int
        public var rate: Double
        /// The network labels the frame `lookahead` frames before the newest one (look-ahead = latency).
        public var lookahead: Int
        /// The window every model of this build is trained on: 2 s at 60 fps.
        public static func standard(lookahead: Int) -> WindowSpec { WindowSpec(frames: 120, rate: 60, lookahead: lookahead) }

        public init(frames: Int, rate: Double, lookahead: Int) {
            self.frames = frames
            self.rate = rate
            self.lookahead = lookahead
        }
    }

    public struct FeatureSpec: Codable, Equatable, Sendable {
        /// Version of `FeatureExtractor`'s channel set.
        public var version: Int
        public var channels: Int
        /// Per-channel standardisation computed on the training windows: (x − mean) / std.
        public var mean: [Float]
        public var std: [Float]
    }

    public struct TrainingInfo: Codable, Equatable, Sendable {
        /// SHA-256 of the training data (file names and contents, sorted), so a model names its data.
        public var dataHash: String
        public var data: [String]
        public var subjects: [String]
        public var validationSubjects: [String]
        public var seed: UInt64
        public var epochs: Int
        public var bestEpoch: Int
        public var trainedAt: String
        /// For a fine-tuned model: the training of the model it started from (`train --from`), so the
        /// file names everything it has seen.
        public var base: [TrainingInfo]?
        /// For a distilled model: the trainings of its teachers (`train --teacher`), whose outputs it learnt.
        public var teachers: [TrainingInfo]?
        /// For an ensemble: each member's seed, epochs run and best epoch, in payload order.
        public var members: [MemberTraining]?
        /// For a fine-tuned model: the datasets rehearsed while tuning (`train --rehearse`); their people are
        /// among `subjects`.
        public var rehearsal: [String]?
        /// Subjects of the data left out of training altogether (`train --exclude-subjects`): kept for reporting.
        public var excludedSubjects: [String]?
        /// Every setting of the training run (`TrainingConfiguration`), the experimental ones too (`train
        /// --view-consistency`, augmentation, …), so that a model file says how it was trained, not only on what.
        /// Nil in models written before it was recorded.
        public var configuration: TrainingConfiguration?
        /// For an average of models (`punchcoach average`): each one's weight, in the order of `base`, which holds
        /// their trainings.
        public var averagingWeights: [Double]?

        /// Every subject this model learnt from: its own training and validation subjects, its base's and its
        /// teachers' (their validation subjects chose their weights).
        public var allSubjects: Set<String> {
            var all = Set(subjects).union(validationSubjects)
            for t in (base ?? []) + (teachers ?? []) { all.formUnion(t.allSubjects) }
            return all
        }
        public init(dataHash: String, data: [String], subjects: [String], validationSubjects: [String], seed: UInt64,
                    epochs: Int, bestEpoch: Int, trainedAt: String, base: [TrainingInfo]? = nil, teachers: [TrainingInfo]? = nil,
                    members: [MemberTraining]? = nil, excludedSubjects: [String]? = nil, rehearsal: [String]? = nil,
                    configuration: TrainingConfiguration? = nil) {
            self.configuration = configuration
            self.excludedSubjects = excludedSubjects
            self.rehearsal = rehearsal
            self.base = base
            self.teachers = teachers
            self.members = members
            self.dataHash = dataHash
            self.data = data
            self.subjects = subjects
            self.validationSubjects = validationSubjects
            self.seed = seed
            self.epochs = epochs
            self.bestEpoch = bestEpoch
            self.trainedAt = trainedAt
        }
    }

    /// One member of an ensemble: how its training went.
    public struct MemberTraining: Codable, Equatable, Sendable {
        public var seed: UInt64
        /// Epochs run, and the one whose weights were kept.
        public var epochs, bestEpoch: Int
        public init(seed: UInt64, epochs: Int, bestEpoch: Int) {
            (self.seed, self.epochs, self.bestEpoch) = (seed, epochs, bestEpoch)
        }
    }

    /// Format 2 added ensembles (`members`); a file of one network is still written as format 1, so
    /// that earlier builds keep reading it.
    public static let currentFormat = 2
    /// How many networks an ensemble may hold.
    public static let memberRange = 1...16
    public static let featureVersion = 5
}
