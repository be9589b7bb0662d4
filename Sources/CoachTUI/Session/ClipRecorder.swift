import Foundation
import PunchKit
import PunchModel

/// Saves record mode's clips as a dataset a user can train on (`punchcoach train --data DIR`):
/// `DIR/<label>/<name>_<label>_NNN.csv` (canonical layout, world coordinates when the source has
/// them) and `DIR/annotations.csv` (`file,label,start,end`) with the punch span of each punch clip —
/// where the detector saw it, else the wrist burst found after the callout (`ActionLocator`); a
/// clip located by neither gets no row, and training locates its punch itself.
public final class ClipRecorder {
    public let directory: URL
    public let name: String
    public let units: CoordinateUnits
    private var frames: [SkeletonFrame] = []
    private var recent: [SkeletonFrame] = []
    private var recording: (label: String, clip: Int)?
    public private(set) var annotations: [Annotation] = []
    public private(set) var written: [String] = []

    public init(directory: URL, name: String, units: CoordinateUnits) throws {
        self.directory = directory
        self.name = name
        self.units = units
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CoachError("cannot create \(directory.path) (\(error.localizedDescription)); choose another --name or folder")
        }
        guard access(directory.path, W_OK) == 0 else {
            throw CoachError("cannot write in \(directory.path); choose another --name or folder")
        }
        let existing = directory.appendingPathComponent("annotations.csv")
        if FileManager.default.fileExists(atPath: existing.path) { annotations = try Annotation.read(existing) }
    }

    public var isRecording: Bool { recording != nil }

    /// Starts a clip at session time `t`: frames already seen from `t` on belong to it (the loop may
    /// have fed several frames in the step that started the clip).
    public func start(label: String, clip: Int, at t: Double) {
        recording = (label, clip)
        frames = recent.filter { $0.time >= t }
    }

    /// Every frame of the session goes through here; a short backlog is kept for the next start.
    public func add(_ frame: SkeletonFrame) {
        recent.append(frame)
        if let first = recent.first, frame.time - first.time > 20 { recent.removeFirst(recent.count / 2) }
        guard recording != nil else { return }
        frames.append(frame)
    }

    /// Writes the clip; returns its path relative to the dataset folder.
    @discardableResult
    public func stop(at t: Double, span: ClosedRange<Double>?, callout: Callout?) throws -> String? {
        guard let r = recording else { return nil }
        recording = nil
        frames.removeAll { $0.time > t }
        guard frames.count >= 2 else { return nil }
        let folder = directory.appendingPathComponent(r.label)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var n = 1
        var file: String
        repeat {
            file = "\(r.label)/\(name)_\(r.label)_" + String(format: "%03d", n) + ".csv"
            n += 1
        } while FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path)
        var seq = SkeletonSequence(layout: .canonical, units: units, source: "punchcoach-record", subject: name,
                                   hasWorld: frames[0].world != nil, reservingFrames: frames.count)
        for f in frames where f.world != nil || seq.world == nil { seq.append(f) }
        try SkeletonCSV.write(seq, to: directory.appendingPathComponent(file))
        written.append(file)
        if let located = span ?? callout.flatMap({ locate(after: $0.calledAt, in: seq) }) {
            annotations.append(Annotation(file: file, label: r.label, start: located.lowerBound, end: located.upperBound))
            try Annotation.write(annotations, to: directory.appendingPathComponent("annotations.csv"))
        }
        frames = []
        return file
    }

    /// The wrist burst in the 2.5 s after a callout.
    private func locate(after t: Double, in seq: SkeletonSequence) -> ClosedRange<Double>? {
        let idx = (0..<seq.frameCount).filter { seq.times[$0] >= t && seq.times[$0] <= t + 2.5 }
        guard let a = idx.first, let b = idx.last, b - a >= 4 else { return nil }
        guard let (s, e) = ActionLocator.locate(seq.slice(frames: a..<(b + 1))), e > s else { return nil }
        return s...e
    }
}
