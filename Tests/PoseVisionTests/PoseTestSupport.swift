import Foundation
import Testing
@testable import PoseVision
import PunchKit

/// The repository (Weights/, fixtures).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The shipped pose model.
let poseModel = BlazePoseModel(directory: repositoryRoot.appendingPathComponent("Weights/pose"))

/// Debian's `opencv-doc` samples: the photos and video of the pose tests (plain or gzipped).
enum OpenCVSamples {
    static let directory = "/usr/share/doc/opencv-doc/examples/data"
    static let missingNote = "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it): skipping"

    static var available: Bool { path("basketball1.png") != nil }

    /// The sample's path; a gzipped sample is decompressed once into a temporary folder.
    static func path(_ name: String) -> String? {
        let plain = "\(directory)/\(name)"
        if FileManager.default.fileExists(atPath: plain) { return plain }
        let gz = plain + ".gz"
        guard FileManager.default.fileExists(atPath: gz) else { return nil }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("posevision-samples-\(getpid())")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let target = out.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: target) { return target }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc \"$0\" > \"$1.part\" && mv \"$1.part\" \"$1\"", gz, target]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? target : nil
    }
}

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
