import Foundation

/// A labelled dataset folder, read in one of the layouts of the brief (first match wins):
///
/// 1. `DIR/index.csv` with at least `clip,label` (and `subject` when known), naming `DIR/<clip>.csv` —
///    or another index of the folder named by the caller (cs229's `index_coarse.csv` labels more clips,
///    coarser; `evaluate --index`);
/// 2. `DIR/<label>/<clip>.csv` — folder names are labels, as in Create ML — or videos
///    (`.mp4 .mov .m4v .avi .mkv`), read through `videoReader` (extracted and cached by the caller);
///    a folder holding `X.events.csv` truth files beside its recordings is a folder of long
///    recordings (e.g. synthetic rounds): their events become segments, and the folder is no label;
/// 3. `DIR/annotations.csv` (`file,label,start,end`) adds labelled segments to the recordings it names.
///
/// Subjects come from the index, the file's `subject=` header, or a file-name prefix (`s3_…`).
/// Files that are none of these are listed in `ignored`, never dropped silently.
public struct Dataset: Sendable {
    public var root: URL
    public var clips: [LabelledClip]
    /// Files in label folders that are neither skeleton CSVs nor videos.
    public var ignored: [String]

    public static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "avi", "mkv"]

    public typealias VideoReader = @Sendable (URL) throws -> SkeletonSequence

    /// Every recording as a 2D pose tool would give it (`SkeletonSequence.flattenedToPicture()`).
    public mutating func flattenToPicture() {
        for i in clips.indices { clips[i].sequence = clips[i].sequence.flattenedToPicture() }
    }

    public init(root: URL, clips: [LabelledClip], ignored: [String] = []) {
        self.root = root
        self.clips = clips
        self.ignored = ignored
    }

    /// Every label of the dataset: clip labels and segment labels, sorted.
    public var labels: [String] {
        Set(clips.compactMap(\.label) + clips.flatMap { $0.segments.map(\.label) }).sorted()
    }

    public var subjects: [String] { Set(clips.compactMap(\.subject)).sorted() }

    /// `index`: the index file to read instead of `index.csv` (a name in `root`, or an absolute path);
    /// it must exist.
    public static func load(_ root: URL, index indexName: String? = nil, videoReader: VideoReader? = nil) throws -> Dataset {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: root.path, isDirectory: &isDir) else {
            throw DataFileError(file: root.path, "no such dataset folder; check the path")
        }
        guard isDir.boolValue else {
            throw DataFileError(file: root.path, "not a folder; a dataset is DIR/<label>/<clip>.csv or DIR/index.csv")
        }
        var dataset: Dataset
        let index = indexName.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : root.appendingPathComponent($0) }
            ?? root.appendingPathComponent("index.csv")
        if indexName != nil && !fm.fileExists(atPath: index.path) {
            throw DataFileError(file: index.path, "no such index file; check the name given to --index (a file of the dataset folder)")
        }
        if fm.fileExists(atPath: index.path) {
            dataset = try loadIndexed(root, index: index)
        } else {
            dataset = try loadFolders(root, videoReader: videoReader)
        }
        let annotations = root.appendingPathComponent("annotations.csv")
        if fm.fileExists(atPath: annotations.path) {
            try dataset.apply(Annotation.read(annotations), from: annotations.path)
        }
        guard !dataset.clips.isEmpty else {
            throw DataFileError(file: root.path, "no clips found; expected DIR/<label>/<clip>.csv, DIR/index.csv or videos")
        }
        dataset.clips.sort { $0.name < $1.name }
        return dataset
    }

    private static func loadIndexed(_ root: URL, index: URL) throws -> Dataset {
        let table = try CSVTable.read(index)
        let c = try table.column("clip"), l = try table.column("label")
        let s = table.optionalColumn("subject")
        let jobs: [(name: String, label: String, subject: String?, url: URL)] = table.rows.map { row in
            let clip = row.cells[c].trimmingCharacters(in: .whitespaces)
            let name = clip.hasSuffix(".csv") ? clip : clip + ".csv"
            let subject = s.map { row.cells[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : ($0.allSatisfy(\.isNumber) ? "s\($0)" : $0) }
            return (name, row.cells[l].trimmingCharacters(in: .whitespaces), subject, root.appendingPathComponent(name))
        }
        let clips = try parallelMap(jobs) { job -> LabelledClip in
            let raw = try SkeletonCSV.read(job.url)
            let subject = job.subject ?? raw.subject ?? SubjectName.fromFileName(job.name)
            return LabelledClip(name: job.name, label: job.label, subject: subject, sourceLayout: raw.layout.name,
                                sequence: try raw.canonical(file: job.url.path))
        }
        return Dataset(root: root, clips: clips)
    }

    private static func loadFolders(_ root: URL, videoReader: VideoReader?) throws -> Dataset {
        let fm = FileManager.default
        var jobs: [(name: String, label: String?, url: URL, truth: URL?)] = []
        var ignored: [String] = []
        // By path, so that a dataset folder or a label folder that is a symbolic link is followed (a URL's
        // resource values describe the link itself).
        let folders = try fm.contentsOfDirectory(atPath: root.path)
            .filter { !$0.hasPrefix(".") }
            .map { root.appendingPathComponent($0) }
            .filter { var isDirectory: ObjCBool = false; return fm.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for folder in folders {
            let label = folder.lastPathComponent
            let files = try fm.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
            let isRecordings = files.contains { $0.hasSuffix(".events.csv") }
            for file in files {
                let url = folder.appendingPathComponent(file)
                let ext = url.pathExtension.lowercased()
                if file.hasSuffix(".events.csv") || file.hasSuffix(".skeleton-cache.csv") { continue }
                if ext == "csv" || videoExtensions.contains(ext) {
                    var truth: URL? = nil
                    if isRecordings {
                        let t = folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".events.csv")
                        truth = fm.fileExists(atPath: t.path) ? t : nil
                    }
                    jobs.append(("\(label)/\(file)", isRecordings ? nil : label, url, truth))
                } else {
                    ignored.append("\(label)/\(file)")
                }
            }
        }
        let clips = try parallelMap(jobs) { job -> LabelledClip in
            let raw: SkeletonSequence
            if videoExtensions.contains(job.url.pathExtension.lowercased()) {
                guard let videoReader else {
                    throw DataFileError(file: job.url.path, "is a video; this command reads skeleton CSVs only (run `punchcoach extract` first)")
                }
                raw = try videoReader(job.url)
            } else {
                raw = try SkeletonCSV.read(job.url)
            }
            let segments = try job.truth.map { url in
                try EventCSV.read(url).map { Annotation(file: job.name, label: $0.label, start: $0.start, end: $0.end) }
            } ?? []
            return LabelledClip(name: job.name, label: job.label,
                                subject: raw.subject ?? SubjectName.fromFileName(job.url.lastPathComponent),
                                sourceLayout: raw.layout.name, sequence: try raw.canonical(file: job.url.path),
                                segments: segments)
        }
        return Dataset(root: root, clips: clips, ignored: ignored)
    }

    /// Adds the segments of `annotations.csv` to the clips they name; a name matching no clip is an error.
    private mutating func apply(_ annotations: [Annotation], from file: String) throws {
        var byName: [String: Int] = [:]
        for (i, c) in clips.enumerated() { byName[c.name] = i }
        for a in annotations {
            guard let i = byName[a.file] else {
                throw DataFileError(file: file, "names '\(a.file)', which is not a clip of the dataset")
            }
            clips[i].segments.append(a)
        }
    }
}
