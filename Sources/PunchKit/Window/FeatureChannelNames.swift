extension FeatureExtractor {
    /// A name for every input channel, in channel order (`Channel`): the view block, then the body in 3D.
    /// Joints are named by the side they are on after the stance mirror (`extract(_:mirror:)`), lead or
    /// rear: for an orthodox boxer the lead side is the left, for a southpaw the right.
    public static let channelNames: [String] = {
        let joints = ["shoulder", "elbow", "wrist", "hip", "knee", "ankle"].flatMap { ["lead_\($0)", "rear_\($0)"] }
        let sides = ["lead", "rear"]
        func axes(_ group: String, _ dimensions: [String]) -> [String] {
            joints.flatMap { joint in dimensions.map { "\(group).\(joint).\($0)" } }
        }
        var names = joints.map { "visible.\($0)" }
        names += axes("image", ["x", "y"]) + axes("image_velocity", ["x", "y"])
        names += ["image_root.x", "image_root.y"]
        names += sides.map { "image_wrist_speed.\($0)" } + sides.map { "image_elbow_cosine.\($0)" }
            + sides.map { "image_arm_extension.\($0)" }
        names += ["depth_flag"]
        names += ["lead_upper_arm", "lead_forearm", "rear_upper_arm", "rear_forearm"].map { "foreshortening.\($0)" }
        names += axes("position", ["x", "y", "z"]) + axes("velocity", ["x", "y", "z"])
        names += ["root.x", "root.y", "root.z"]
        names += sides.map { "wrist_speed.\($0)" } + sides.map { "elbow_cosine.\($0)" } + sides.map { "arm_extension.\($0)" }
        precondition(names.count == channelCount, "a name for every channel")
        return names
    }()
}
