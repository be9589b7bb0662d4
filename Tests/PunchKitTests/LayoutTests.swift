import Testing
@testable import PunchKit

@Suite struct LayoutTests {
    @Test func everyKnownLayoutMapsToCanonical() throws {
        for layout in JointLayout.known {
            let mapping = try #require(LayoutMapping.toCanonical(from: layout))
            // Shoulders, elbows, wrists, hips, knees and ankles exist in every layout.
            for joint in FeatureExtractor.bodyJoints {
                #expect(mapping.sourceIndex[joint.rawValue] != nil, "\(layout.name) lacks \(joint.name)")
            }
        }
    }

    /// The mapping by names gives the four first layouts exactly the joints their hand-written tables
    /// gave (before the other tools' layouts were added): the head centre for the nose, Kinect's wrist
    /// and not its hand.
    @Test func theFirstLayoutsMapAsTheirTablesDid() throws {
        let tables: [(JointLayout, [String?])] = [
            (.coco17, JointLayout.coco17.joints),
            (.blazepose33, JointLayout.coco17.joints),
            (.smpl22, ["head", nil, nil, nil, nil,
                       "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
                       "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle"]),
            (.kinect20, ["head", nil, nil, nil, nil,
                         "shoulder_left", "shoulder_right", "elbow_left", "elbow_right", "wrist_left", "wrist_right",
                         "hip_left", "hip_right", "knee_left", "knee_right", "ankle_left", "ankle_right"]),
        ]
        for (layout, names) in tables {
            let mapping = try #require(LayoutMapping.toCanonical(from: layout))
            #expect(mapping.sourceIndex == names.map { $0.flatMap(layout.index(of:)) }, "\(layout.name)")
        }
    }

    @Test func toolsSpellingsOfAJointAreOne() {
        for spelling in ["LWrist", "leftWrist", "wrist_left", "WristLeft", "l_wrist", "left_wrist", "Left Wrist", "left-wrist"] {
            #expect(JointName.standard(spelling) == "left_wrist", "\(spelling)")
        }
        #expect(JointName.standard("RBigToe") == "right_big_toe")
        #expect(JointName.standard("HandTipRight") == "right_hand_tip")
        #expect(JointName.standard("MidHip") == "mid_hip")
        #expect(JointName.standard("head_top") == "head_top")
        for layout in JointLayout.known {  // the spelling of a standard name is itself
            #expect(layout.standardNames.map(JointName.standard) == layout.standardNames)
        }
    }

    @Test func eachToolsLayoutTakesItsStandIns() throws {
        let kinect = try #require(LayoutMapping.toCanonical(from: .kinect25))
        #expect(kinect.sourceIndex[Joint.leftWrist.rawValue] == JointLayout.kinect25.index(of: "wrist_left"))
        #expect(kinect.sourceIndex[Joint.nose.rawValue] == JointLayout.kinect25.index(of: "head"))
        let h36m = try #require(LayoutMapping.toCanonical(from: .h36m17))
        #expect(h36m.sourceIndex[Joint.nose.rawValue] == JointLayout.h36m17.index(of: "nose"))
        let mpii = try #require(LayoutMapping.toCanonical(from: .mpii16))
        #expect(mpii.sourceIndex[Joint.nose.rawValue] == JointLayout.mpii16.index(of: "head_top"))
        #expect(mpii.sourceIndex[Joint.leftEye.rawValue] == nil)
        let body25 = try #require(LayoutMapping.toCanonical(from: .openpose25))
        #expect(body25.sourceIndex[Joint.rightShoulder.rawValue] == 2 && body25.sourceIndex[Joint.leftHip.rawValue] == 12)
        let handsOnly = JointLayout(name: "hands", joints: ["left_shoulder", "right_shoulder", "left_elbow", "right_elbow",
                                                            "left_hand", "right_hand", "left_hip", "right_hip"])
        #expect(LayoutMapping.toCanonical(from: handsOnly)?.sourceIndex[Joint.rightWrist.rawValue] == 5)
        let noHips = JointLayout(name: "upper", joints: ["left_shoulder", "right_shoulder", "left_elbow", "right_elbow",
                                                         "left_wrist", "right_wrist"])
        #expect(LayoutMapping.toCanonical(from: noHips) == nil)
        #expect(LayoutMapping.missingRequiredJoints(of: noHips) == ["left_hip", "right_hip"])
    }
}
