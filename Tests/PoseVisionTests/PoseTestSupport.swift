import Foundation
import Testing
import TestSupport
@testable import PoseVision
import PunchKit

/// The shipped pose model.
let poseModel = BlazePoseModel(directory: repositoryRoot.appendingPathComponent("Weights/pose"))

/// MediaPipe's own landmarks for the photos, heatmap refinement included (tools/mediapipe_reference.py).
struct MediaPipeReference: Decodable {
    struct Image: Decodable {
        var file: String
        var width: Int, height: Int
        var landmarks: [[Double]]   // x, y, z (pixels), visibility
        var world: [[Double]]       // metres
    }
    var images: [Image]

    static func load() throws -> MediaPipeReference {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/mediapipe-reference", withExtension: "json"))
        return try JSONDecoder().decode(MediaPipeReference.self, from: Data(contentsOf: url))
    }
}

/// The original TF Lite models, stage by stage, without heatmap refinement (tools/blazepose_reference.py).
struct TFLiteReference: Decodable {
    struct Point: Decodable { var x: Double, y: Double }
    struct Box: Decodable { var cx: Double, cy: Double, w: Double, h: Double }
    struct Detection: Decodable { var score: Double; var box: Box; var keypoints: [Point] }
    struct Roi: Decodable { var cx: Double, cy: Double, side: Double, rotation: Double }
    struct Landmark: Decodable { var index: Int; var x: Double, y: Double, z: Double, visibility: Double }
    struct World: Decodable { var index: Int; var x: Double, y: Double, z: Double }
    struct Image: Decodable {
        var file: String
        var width: Int, height: Int
        var topDetection: Detection
        var roi: Roi
        var posePresence: Double
        var landmarks: [Landmark]
        var worldLandmarks: [World]
        enum CodingKeys: String, CodingKey {
            case file, width, height, roi, landmarks
            case topDetection = "top_detection", posePresence = "pose_presence", worldLandmarks = "world_landmarks"
        }
    }
    var images: [Image]

    static func load() throws -> TFLiteReference {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/blazepose-reference", withExtension: "json"))
        return try JSONDecoder().decode(TFLiteReference.self, from: Data(contentsOf: url))
    }
}

/// BlazePose joint indices used by the tests.
enum BP {
    static let nose = 0, leftShoulder = 11, rightShoulder = 12, leftWrist = 15, rightWrist = 16
    static let leftHip = 23, rightHip = 24, leftAnkle = 27, rightAnkle = 28
}
