import PunchKit

/// Where the camera stood for a clip, as a synthetic clip's first line says it (`camera_yaw=-43.0
/// stance=southpaw selfie=0`); every field nil when the file does not say (real recordings).
public struct CameraTag: Sendable, Equatable {
    /// Degrees the camera is turned about the boxer's vertical (0 = in front).
    public var yaw: Double?
    public var stance: String?
    /// Whether the image is mirrored as a laptop's selfie view is.
    public var selfie: Bool?

    public init(yaw: Double? = nil, stance: String? = nil, selfie: Bool? = nil) {
        self.yaw = yaw
        self.stance = stance
        self.selfie = selfie
    }

    public init(_ sequence: SkeletonSequence) {
        func value(_ key: String) -> String? { sequence.extra.first { $0.key == key }?.value }
        yaw = value("camera_yaw").flatMap(Double.init)
        stance = value("stance")
        selfie = value("selfie").flatMap { ["1": true, "0": false, "true": true, "false": false][$0] }
    }
}
