import PunchKit

/// Clip results grouped by camera yaw (bins of 20°: [-100, -80), [-80, -60), …), stance and selfie view,
/// each with its macro-F1 (`evaluate --by-camera`): the synthetic test set mixes every view, and a model
/// that fails from one side is hidden in the overall figure. Scored like the whole set (the evaluation's
/// label families); a group's macro-F1 averages the classes that have clips in it.
public enum CameraBreakdown {
    public static let binDegrees = 20.0

    public struct Group: Sendable, Equatable {
        /// The yaw bin [yawMin, yawMax); nil for clips that state no yaw.
        public var yawMin: Double?
        public var yawMax: Double?
        public var stance: String?
        public var selfie: Bool?
        public var clips: Int
        public var macroF1: Double
        public var accuracy: Double
        /// Clips given a wrong label.
        public var misread: Int
        /// The clips' median apparent yaw (`ApparentView`): how square their shoulders looked in the picture.
        public var apparentYaw: Double?
        /// The Wilson interval of the accuracy, widened so that the intervals of all the groups hold together
        /// at 95 % (`familyLevel`): a worst group of 40 is the lowest of 40 noisy figures, and a bin of 70 clips
        /// reads 0.90 with a few misreads by chance alone.
        public var accuracyInterval: ScoreInterval?
        /// The chance that the group would hold this many of the set's misses, or more, were they dealt out at
        /// random (`FisherExactTest`, one-sided).
        public var missesByChance: Double
        /// `missesByChance` is below 5 % over the number of groups (Bonferroni): a group weaker than the others
        /// beyond what chance over so many groups explains.
        public var weakerThanTheRest: Bool
    }

    /// The confidence that every group's `accuracyInterval` holds at once, and the family-wise level of
    /// `weakerThanTheRest` (Bonferroni: each group at 1 − 0.05 / groups).
    public static let familyLevel = 0.95

    /// z of each group's interval when there are `groups` of them.
    public static func intervalZ(groups: Int) -> Double {
        ScoreInterval.z(twoSided: 1 - (1 - familyLevel) / Double(max(1, groups)))
    }

    /// Lower edge of the 20° bin holding `yaw`.
    public static func binStart(_ yaw: Double) -> Double { (yaw / binDegrees).rounded(.down) * binDegrees }

    public static func groups(_ e: DatasetEvaluation) -> [Group] {
        struct Key: Hashable { var bin: Double?; var stance: String?; var selfie: Bool? }
        var members: [Key: [DatasetEvaluation.ClipResult]] = [:]
        for r in e.clips {
            members[Key(bin: r.camera.yaw.map(binStart), stance: r.camera.stance, selfie: r.camera.selfie), default: []].append(r)
        }
        let order: (Key, Key) -> Bool = { a, b in
            if a.bin != b.bin { return (a.bin ?? .infinity) < (b.bin ?? .infinity) }
            if a.stance != b.stance { return (a.stance ?? "~") < (b.stance ?? "~") }
            return (a.selfie.map { $0 ? 1 : 0 } ?? 2) < (b.selfie.map { $0 ? 1 : 0 } ?? 2)
        }
        let z = intervalZ(groups: members.count), alpha = (1 - familyLevel) / Double(max(1, members.count))
        let total = e.report.confusion.total, misses = total - e.report.confusion.correct
        return members.keys.sorted(by: order).map { key in
            let clips = members[key]!
            let report = e.report(of: clips)
            let hits = report.confusion.correct, size = report.confusion.total
            let chance = FisherExactTest.upperTail(groupMisses: size - hits, groupSize: size, misses: misses, total: total)
            return Group(yawMin: key.bin, yawMax: key.bin.map { $0 + binDegrees }, stance: key.stance, selfie: key.selfie,
                         clips: clips.count, macroF1: report.macroF1, accuracy: report.accuracy, misread: size - hits,
                         apparentYaw: median(clips.compactMap { $0.view?.yaw }),
                         accuracyInterval: ScoreInterval.wilson(successes: hits, trials: size, z: z),
                         missesByChance: chance, weakerThanTheRest: chance < alpha)
        }
    }
}
