/// The skeletons of other pose tools and datasets, each in its tool's joint order (names in this
/// project's snake_case; a file may spell them as its tool does, `JointName` reads both).
///
/// Each becomes COCO-17 by the names of its joints (`LayoutMapping`); none needs a table of its own.
extension JointLayout {
    /// OpenPose BODY_25 (Cao et al. 2019), OpenPose's default model: COCO's joints, the neck, the
    /// mid-hip and three points a foot.
    public static let openpose25 = JointLayout(name: "openpose25", joints: [
        "nose", "neck", "right_shoulder", "right_elbow", "right_wrist", "left_shoulder", "left_elbow", "left_wrist",
        "mid_hip", "right_hip", "right_knee", "right_ankle", "left_hip", "left_knee", "left_ankle",
        "right_eye", "left_eye", "right_ear", "left_ear",
        "left_big_toe", "left_small_toe", "left_heel", "right_big_toe", "right_small_toe", "right_heel",
    ])

    /// OpenPose's COCO model (18 joints): COCO's joints and the neck, in OpenPose's order.
    public static let openpose18 = JointLayout(name: "openpose18", joints: [
        "nose", "neck", "right_shoulder", "right_elbow", "right_wrist", "left_shoulder", "left_elbow", "left_wrist",
        "right_hip", "right_knee", "right_ankle", "left_hip", "left_knee", "left_ankle",
        "right_eye", "left_eye", "right_ear", "left_ear",
    ])

    /// Halpe-26 (AlphaPose's full-body model, Fang et al. 2022): COCO-17, then head, neck, hip and the feet.
    public static let halpe26 = JointLayout(name: "halpe26", joints: JointLayout.coco17.joints + [
        "head", "neck", "hip", "left_big_toe", "right_big_toe", "left_small_toe", "right_small_toe",
        "left_heel", "right_heel",
    ])

    /// MPII Human Pose (16 joints, Andriluka et al. 2014), also LSP's and many 2D models' order.
    public static let mpii16 = JointLayout(name: "mpii16", joints: [
        "right_ankle", "right_knee", "right_hip", "left_hip", "left_knee", "left_ankle", "pelvis", "thorax",
        "upper_neck", "head_top", "right_wrist", "right_elbow", "right_shoulder", "left_shoulder", "left_elbow",
        "left_wrist",
    ])

    /// Human3.6M's 17 joints (Ionescu et al. 2014), what 2D-to-3D lifters (VideoPose3D, MotionBERT) give;
    /// its "foot" is the ankle and its joint 9 the neck / nose.
    public static let h36m17 = JointLayout(name: "h36m17", joints: [
        "pelvis", "right_hip", "right_knee", "right_ankle", "left_hip", "left_knee", "left_ankle",
        "spine", "thorax", "nose", "head", "left_shoulder", "left_elbow", "left_wrist",
        "right_shoulder", "right_elbow", "right_wrist",
    ])

    /// SMPL's 24 joints: the 22 body joints and the two hands.
    public static let smpl24 = JointLayout(name: "smpl24", joints: JointLayout.smpl22.joints + ["left_hand", "right_hand"])

    /// Microsoft Kinect v2 (25 joints, the SDK's order, as in NTU RGB+D): v1's arms and legs in v1's order,
    /// its spine renamed, then the spine at the shoulders and the hands' tips and thumbs.
    public static let kinect25 = JointLayout(name: "kinect25", joints: ["spine_base", "spine_mid", "neck", "head"]
        + JointLayout.kinect20.joints.dropFirst(4)
        + ["spine_shoulder", "hand_tip_left", "thumb_left", "hand_tip_right", "thumb_right"])
}
