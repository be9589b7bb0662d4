import PunchKit

/// Clip results grouped by apparent view (`ApparentView`: frontal, three-quarter, side-on, read from the
/// 2D shoulders), each scored as the whole set is (`evaluate --by-view`). Real sets state no camera yaw
/// (`CameraBreakdown` needs it), yet whether a straight is seen across the picture or along the lens
/// decides how it looks: this tells a model that fails from one side from one that fails everywhere.
public enum ViewBreakdown {
    public struct Group: Sendable {
        /// A bin name of `ApparentView.bins`, or "unknown" for clips without both shoulders and hips.
        public var view: String
        /// The bin's apparent yaw in degrees, from and to; nil for unknown.
        public var yaw: (from: Double, to: Double)?
        public var clips: Int
        /// The group's clips by name, in the order evaluated.
        public var names: [String]
        public var report: ClassificationReport
        /// Median shoulder width over torso length of the group's clips.
        public var shoulderRatio: Double?
    }

    /// Groups in the order of `ApparentView.bins`, then unknown; empty groups left out.
    public static func groups(_ e: DatasetEvaluation) -> [Group] {
        let bins: [(name: String, yaw: (from: Double, to: Double)?)] =
            ApparentView.bins.map { ($0.name, ($0.from, $0.to)) } + [(ApparentView.unknownBin, nil)]
        return bins.compactMap { bin in
            let clips = e.clips.filter { ApparentView.bin(of: $0.view) == bin.name }
            guard !clips.isEmpty else { return nil }
            return Group(view: bin.name, yaw: bin.yaw, clips: clips.count, names: clips.map(\.name), report: e.report(of: clips),
                         shoulderRatio: median(clips.compactMap { $0.view?.shoulderRatio }))
        }
    }
}
