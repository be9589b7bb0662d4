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
        /// The clips' median apparent yaw (`ApparentView`): how square their shoulders looked in the picture.
        public var apparentYaw: Double?
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
        return members.keys.sorted(by: order).map { key in
            let clips = members[key]!
            let report = e.report(of: clips)
            return Group(yawMin: key.bin, yawMax: key.bin.map { $0 + binDegrees }, stance: key.stance, selfie: key.selfie,
                         clips: clips.count, macroF1: report.macroF1, accuracy: report.accuracy,
                         apparentYaw: median(clips.compactMap { $0.view?.yaw }))
        }
    }
}
