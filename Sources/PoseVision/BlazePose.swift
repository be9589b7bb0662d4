import CVBridge
import Foundation
import PunchKit

/// The BlazePose model files: MediaPipe's pose detector and full landmark model, converted to ONNX
/// for OpenCV 4.6 (`tools/convert-blazepose.sh`; shipped in `Weights/pose/`).
public struct BlazePoseModel: Sendable, Equatable {
    public static let detectorFile = "pose_detection.onnx"
    public static let landmarkFile = "pose_landmark_full.onnx"

    public var detector: URL
    public var landmarks: URL

    public init(directory: URL) {
        detector = directory.appendingPathComponent(Self.detectorFile)
        landmarks = directory.appendingPathComponent(Self.landmarkFile)
    }

    /// `$PUNCHCOACH_POSE_DIR`, else `Weights/pose` of the repository the executable was built in
    /// (found by walking up from it), else `Weights/pose` in the current directory.
    public static func locate() throws -> BlazePoseModel {
        if let env = ProcessInfo.processInfo.environment["PUNCHCOACH_POSE_DIR"], !env.isEmpty {
            return BlazePoseModel(directory: URL(fileURLWithPath: env))
        }
        if let detector = RepositoryFile.locate("Weights/pose/\(detectorFile)") {
            return BlazePoseModel(directory: detector.deletingLastPathComponent())
        }
        throw VisionError(code: Int32(CVB_E_IO), message: "Weights/pose/\(detectorFile): the pose model was not found beside the executable or in the current folder; run from the repository, set PUNCHCOACH_POSE_DIR, or make it with tools/convert-blazepose.sh")
    }
}

/// BlazePose (MediaPipe's pose detector + full landmark model) on OpenCV's dnn, as MediaPipe runs it:
/// detect, crop, read 33 landmarks, follow the person with the next crop, detect again when lost; with
/// the one-euro smoothing of MediaPipe for streams. Several people in view: it follows the largest,
/// most central one and never jumps to another while that one stays in view.
public final class BlazePoseExtractor: PoseExtractor {
    public let model: BlazePoseModel
    public let smoothing: Bool
    public var layout: JointLayout { .blazepose33 }
    private let pointer: OpaquePointer

    /// Loads the two networks (about 0.2 s). `smoothing` filters a stream's landmarks over time (off for
    /// still images); `refinesWithHeatmap` moves x, y to the heatmap's peak as MediaPipe does.
    /// `ownDepthwise` runs the landmark model's depthwise 5×5 convolutions in the shim's own layer rather
    /// than OpenCV 4.6's general convolution (same results to float rounding, faster: docs/pose-speed.md).
    public init(model: BlazePoseModel? = nil, smoothing: Bool = true, refinesWithHeatmap: Bool = true, ownDepthwise: Bool = true) throws {
        let model = try model ?? BlazePoseModel.locate()
        var options = cvb_pose_options()
        cvb_pose_default_options(&options)
        options.smoothing = smoothing ? 1 : 0
        options.refine_from_heatmap = refinesWithHeatmap ? 1 : 0
        options.own_depthwise = ownDepthwise ? 1 : 0
        var out: OpaquePointer?
        try VisionError.check(cvb_pose_open(model.detector.path, model.landmarks.path, &options, &out))
        pointer = out!
        self.model = model
        self.smoothing = smoothing
    }

    deinit { cvb_pose_free(pointer) }

    /// OpenCV's worker threads for every network and image operation of the process (n ≤ 0: all cores).
    public static func setThreads(_ n: Int) { cvb_set_threads(Int32(n)) }

    public func reset() { cvb_pose_reset(pointer) }

    /// A person the detector sees, in image pixels, and the crop the landmark model would read.
    public struct PersonDetection: Sendable {
        public var score: Double
        /// Box: x, y of the top-left corner, width, height.
        public var box: (x: Double, y: Double, width: Double, height: Double)
        /// Hip centre, full-body scale point, shoulder centre, upper-body scale point.
        public var keypoints: [(x: Double, y: Double)]
        /// The landmark crop: centre, side (pixels), rotation (radians).
        public var crop: (x: Double, y: Double, side: Double, rotation: Double)
    }

    /// The detector alone on `frame` (no tracking, no landmarks), best first.
    public func detectPeople(in frame: VideoFrame) throws -> [PersonDetection] {
        var found = [cvb_person_detection](repeating: cvb_person_detection(), count: 16)
        var count: Int32 = 0
        try VisionError.check(cvb_pose_detect(pointer, frame.pointer, &found, Int32(found.count), &count))
        return found.prefix(Int(count)).map { d in
            var keypoints: [(x: Double, y: Double)] = []
            withUnsafeBytes(of: d.keypoints) { raw in
                let k = raw.bindMemory(to: Float.self)
                for i in 0..<4 { keypoints.append((Double(k[2 * i]), Double(k[2 * i + 1]))) }
            }
            return PersonDetection(score: Double(d.score), box: (Double(d.xmin), Double(d.ymin), Double(d.width), Double(d.height)),
                                   keypoints: keypoints, crop: (Double(d.roi.0), Double(d.roi.1), Double(d.roi.2), Double(d.roi.3)))
        }
    }

    public func extract(_ frame: VideoFrame) throws -> PoseObservation {
        var r = cvb_pose_result()
        try VisionError.check(cvb_pose_process(pointer, frame.pointer, &r))
        let n = Int(CVB_POSE_JOINTS)
        var skeleton = SkeletonFrame.empty(time: frame.time, jointCount: n, withWorld: true)
        if r.found != 0 {
            withUnsafeBytes(of: r.landmarks) { raw in
                let l = raw.bindMemory(to: Float.self)
                for j in 0..<n {
                    skeleton.positions[j] = Vec3(Double(l[j * 5]), Double(l[j * 5 + 1]), Double(l[j * 5 + 2]))
                    skeleton.confidences[j] = min(1, max(0, Double(l[j * 5 + 3])))
                }
            }
            withUnsafeBytes(of: r.world) { raw in
                let w = raw.bindMemory(to: Float.self)
                for j in 0..<n { skeleton.world![j] = Vec3(Double(w[j * 3]), Double(w[j * 3 + 1]), Double(w[j * 3 + 2])) }
            }
        }
        return PoseObservation(time: frame.time, found: r.found != 0, presence: Double(r.presence), trackID: Int(r.track_id),
                               detectorRan: r.detected != 0, peopleDetected: Int(r.detections),
                               detectMilliseconds: r.detect_ms, landmarkMilliseconds: r.landmarks_ms, skeleton: skeleton, raw: r)
    }
}
