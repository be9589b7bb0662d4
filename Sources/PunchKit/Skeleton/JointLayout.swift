/// A named, ordered set of joints, as written by one pose model or dataset.
///
/// Joint names are snake_case; a joint of the left side has `left` as a word of its name, so the
/// mirror partner of every joint is found by swapping `left` and `right`.
public struct JointLayout: Equatable, Hashable, Sendable {
    public let name: String
    public let joints: [String]
    /// For every joint, the index of its left/right partner (itself for central joints). Stored:
    /// mirroring runs per window on the live path.
    public let mirrorIndex: [Int]
    /// Every joint's name in the standard spelling (`JointName`): `shoulder_left` is `left_shoulder`.
    public let standardNames: [String]

    public init(name: String, joints: [String]) {
        self.name = name
        self.joints = joints
        standardNames = joints.map(JointName.standard)
        mirrorIndex = joints.map { name in
            let partner = Self.mirroredName(name)
            return joints.firstIndex(of: partner) ?? joints.firstIndex(of: name)!
        }
    }

    public var count: Int { joints.count }

    public func index(of joint: String) -> Int? { joints.firstIndex(of: joint) }

    /// The joint whose name, in the standard spelling, is `standardName`.
    public func index(ofStandard standardName: String) -> Int? { standardNames.firstIndex(of: standardName) }

    static func mirroredName(_ name: String) -> String {
        let words = name.split(separator: "_", omittingEmptySubsequences: false).map { word -> Substring in
            switch word {
            case "left": return "right"
            case "right": return "left"
            default: return word
            }
        }
        return words.joined(separator: "_")
    }
}

extension JointLayout {
    /// The canonical layout of the project: COCO-17, the lingua franca of 2D/3D pose models.
    public static let canonical = coco17

    /// COCO keypoints (Lin et al. 2014), the order of most 2D pose models.
    public static let coco17 = JointLayout(name: "coco17", joints: [
        "nose", "left_eye", "right_eye", "left_ear", "right_ear",
        "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
        "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle",
    ])

    /// MediaPipe BlazePose GHUM 3D landmarks (33), in the model's output order.
    public static let blazepose33 = JointLayout(name: "blazepose33", joints: [
        "nose", "left_eye_inner", "left_eye", "left_eye_outer", "right_eye_inner", "right_eye", "right_eye_outer",
        "left_ear", "right_ear", "mouth_left", "mouth_right",
        "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
        "left_pinky", "right_pinky", "left_index", "right_index", "left_thumb", "right_thumb",
        "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle",
        "left_heel", "right_heel", "left_foot_index", "right_foot_index",
    ])

    /// SMPL body joints 0–21 (Loper et al. 2015), as exported by HybrIK and most mesh-recovery models.
    public static let smpl22 = JointLayout(name: "smpl22", joints: [
        "pelvis", "left_hip", "right_hip", "spine1", "left_knee", "right_knee", "spine2",
        "left_ankle", "right_ankle", "spine3", "left_foot", "right_foot", "neck",
        "left_collar", "right_collar", "head", "left_shoulder", "right_shoulder",
        "left_elbow", "right_elbow", "left_wrist", "right_wrist",
    ])

    /// Microsoft Kinect v1 skeleton (20 joints), SDK order, snake_case names.
    public static let kinect20 = JointLayout(name: "kinect20", joints: [
        "hip_center", "spine", "shoulder_center", "head",
        "shoulder_left", "elbow_left", "wrist_left", "hand_left",
        "shoulder_right", "elbow_right", "wrist_right", "hand_right",
        "hip_left", "knee_left", "ankle_left", "foot_left",
        "hip_right", "knee_right", "ankle_right", "foot_right",
    ])

    /// Every layout a file may name in its first line (`PoseToolLayouts.swift` holds the others).
    public static let known: [JointLayout] = [coco17, blazepose33, smpl22, kinect20]
        + [openpose25, openpose18, halpe26, mpii16, h36m17, smpl24, kinect25]

    public static func named(_ name: String) -> JointLayout? { known.first { $0.name == name } }

    /// The known layout whose joints are exactly `names` (in any order and any spelling), if any.
    public static func matching(jointNames names: Set<String>) -> JointLayout? {
        let standard = Set(names.map(JointName.standard))
        return known.first { Set($0.standardNames) == standard }
    }
}

/// Indices of the canonical (COCO-17) joints.
public enum Joint: Int, CaseIterable, Sendable {
    case nose, leftEye, rightEye, leftEar, rightEar
    case leftShoulder, rightShoulder, leftElbow, rightElbow, leftWrist, rightWrist
    case leftHip, rightHip, leftKnee, rightKnee, leftAnkle, rightAnkle

    public var name: String { JointLayout.canonical.joints[rawValue] }
}
