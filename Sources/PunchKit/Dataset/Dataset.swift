import Foundation

/// A labelled dataset folder, read in one of the layouts of the brief (first match wins):
///
/// 1. `DIR/index.csv` with at least `clip,label` (and `subject`, `stance` when known), naming `DIR/<clip>.csv` (or a
///    video `DIR/<clip>.mp4` …, read as the label folders' videos are) —
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
///
/// A file that cannot be read stops the load, unless the caller only scores the data (`evaluate`):
/// then it is listed in `unreadable` with its error, and the other files are read.
public struct Dataset: Sendable {
    public var root: URL
    public var clips: [LabelledClip]
    /// Files in label folders that are neither skeleton CSVs nor videos.
    public var ignored: [String]
    /// Files left out because they could not be read (with `load(…, keepingGoing: true)`): the clip's
    /// name in the dataset and the error naming its file and line.
    public var unreadable: [(name: String, error: DataFileError)] = []

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

    /// Every clip's and segment's label replaced by `read(label)` (a data set's words read as a model's
    /// classes, `TruthLabelReading`).
    public mutating func relabel(_ read: (String) -> String) {
        for i in clips.indices {
            clips[i].label = clips[i].label.map(read)
            for k in clips[i].segments.indices { clips[i].segments[k].label = read(clips[i].segments[k].label) }
        }
    }

    /// Every label of the dataset: clip labels and segment labels, sorted.
    public var labels: [String] {
        Set(clips.compactMap(\.label) + clips.flatMap { $0.segments.map(\.label) }).sorted()
    }

    public var subjects: [String] { Set(clips.compactMap(\.subject)).sorted() }

    /// `index`: the index file to read instead of `index.csv` (a name in `root`, or an absolute path);
    /// it must exist. `keepingGoing`: a file that cannot be read is listed in `unreadable` instead of
    /// stopping the load (the folder, its index and its annotations must still be readable).
    public static func load(_ root: URL, index indexName: String? = nil, videoReader: VideoReader? = nil,
                            keepingGoing: Bool = false) throws -> Dataset {
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
            dataset = try loadIndexed(root, index: index, videoReader: videoReader, keepingGoing: keepingGoing)
        } else {
            dataset = try loadFolders(root, videoReader: videoReader, keepingGoing: keepingGoing)
        }
        let annotations = root.appendingPathComponent("annotations.csv")
        if fm.fileExists(atPath: annotations.path) {
            try dataset.apply(Annotation.read(annotations), from: annotations.path)
        }
        if let first = dataset.unreadable.first, dataset.clips.isEmpty { throw first.error }
        guard !dataset.clips.isEmpty else {
            throw DataFileError(file: root.path, "no clips found; expected DIR/<label>/<clip>.csv, DIR/index.csv or videos")
        }
        dataset.clips.sort { $0.name < $1.name }
        return dataset
    }

    private static func loadIndexed(_ root: URL, index: URL, videoReader: VideoReader?, keepingGoing: Bool) throws -> Dataset {
        let table = try CSVTable.read(index)
        let c = try table.column("clip"), l = try table.column("label")
        let s = table.optionalColumn("subject"), st = table.optionalColumn("stance")
        let jobs: [(name: String, label: String, subject: String?, stance: Stance?, url: URL)] = try table.rows.map { row in
            let name = indexedFile(row.cells[c].trimmingCharacters(in: .whitespaces), in: root)
            let subject = s.map { row.cells[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : ($0.allSatisfy(\.isNumber) ? "s\($0)" : $0) }
            let stance = try st.flatMap { try indexedStance(row.cells[$0], table: table, line: row.line) }
            return (name, row.cells[l].trimmingCharacters(in: .whitespaces), subject, stance, root.appendingPathComponent(name))
        }
        let outcomes = try parallelMap(jobs) { job in
            try reading(job.name, job.url, keepingGoing: keepingGoing) {
                let raw = try recording(job.url, videoReader: videoReader)
                let subject = job.subject ?? raw.subject ?? SubjectName.fromFileName(job.name)
                var sequence = try raw.canonical(file: job.url.path)
                if let stance = job.stance {
                    if let stated = sequence.declaredStance, stated != stance {
                        throw DataFileError(file: job.url.path, "says stance=\(stated.rawValue), its index line says \(stance.rawValue); make them agree")
                    }
                    sequence.extra.removeAll { $0.key == "stance" }
                    sequence.extra.append(.init("stance", stance.rawValue))
                }
                return LabelledClip(name: job.name, label: job.label, subject: subject, sourceLayout: raw.layout.name,
                                    sequence: sequence)
            }
        }
        return Dataset(root: root, outcomes: outcomes)
    }

    /// An index's `stance` cell: orthodox or southpaw (any case), empty when not known — the stance 2D keypoints
    /// cannot show (`StanceEstimator`), given per clip as a file's `stance=` gives it.
    private static func indexedStance(_ cell: String, table: CSVTable, line: Int) throws -> Stance? {
        let text = cell.trimmingCharacters(in: .whitespaces).lowercased()
        if text.isEmpty { return nil }
        guard let stance = Stance(rawValue: text) else {
            throw DataFileError(file: table.file, line: line, "stance '\(cell)' is not orthodox or southpaw (or empty: not known)")
        }
        return stance
    }

    private static func loadFolders(_ root: URL, videoReader: VideoReader?, keepingGoing: Bool) throws -> Dataset {
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
        let outcomes = try parallelMap(jobs) { job in try reading(job.name, job.url, keepingGoing: keepingGoing) {
            let raw = try recording(job.url, videoReader: videoReader)
            let segments = try job.truth.map { url in
                try EventCSV.read(url).map { Annotation(file: job.name, label: $0.label, start: $0.start, end: $0.end) }
            } ?? []
            return LabelledClip(name: job.name, label: job.label,
                                subject: raw.subject ?? SubjectName.fromFileName(job.url.lastPathComponent),
                                sourceLayout: raw.layout.name, sequence: try raw.canonical(file: job.url.path),
                                segments: segments)
        } }
        return Dataset(root: root, outcomes: outcomes, ignored: ignored)
    }

    /// The file an index row names: `clip` as given when it ends in `.csv` or a video's extension, else
    /// `clip.csv`, or the video `clip.mp4` (…) when there is no such CSV and there is that video.
    private static func indexedFile(_ clip: String, in root: URL) -> String {
        let ext = (clip as NSString).pathExtension.lowercased()
        if ext == "csv" || videoExtensions.contains(ext) { return clip }
        let fm = FileManager.default
        if fm.fileExists(atPath: root.appendingPathComponent(clip + ".csv").path) { return clip + ".csv" }
        let video = videoExtensions.sorted().map { clip + "." + $0 }.first { fm.fileExists(atPath: root.appendingPathComponent($0).path) }
        return video ?? clip + ".csv"
    }

    /// A recording's skeletons: a skeleton CSV, or a video through `videoReader`.
    private static func recording(_ url: URL, videoReader: VideoReader?) throws -> SkeletonSequence {
        guard videoExtensions.contains(url.pathExtension.lowercased()) else { return try SkeletonCSV.read(url) }
        guard let videoReader else {
            throw DataFileError(file: url.path, "is a video; this command reads skeleton CSVs only (run `punchcoach extract` first)")
        }
        return try videoReader(url)
    }

    /// One file read by `read`: its clip, or (when `keepingGoing`) the error that names the file.
    private static func reading(_ name: String, _ url: URL, keepingGoing: Bool,
                                _ read: () throws -> LabelledClip) throws -> Result<LabelledClip, UnreadableFile> {
        do { return .success(try read()) } catch {
            guard keepingGoing else { throw error }
            let e = error as? DataFileError ?? DataFileError(file: url.path, "\(error)")
            return .failure(UnreadableFile(name: name, error: e))
        }
    }

    private struct UnreadableFile: Error { var name: String; var error: DataFileError }

    private init(root: URL, outcomes: [Result<LabelledClip, UnreadableFile>], ignored: [String] = []) {
        self.init(root: root, clips: outcomes.compactMap { try? $0.get() }, ignored: ignored)
        unreadable = outcomes.compactMap {
            if case .failure(let f) = $0 { return (f.name, f.error) } else { return nil }
        }
    }

    /// Adds the segments of `annotations.csv` to the clips they name; a name matching no clip is an error.
    private mutating func apply(_ annotations: [Annotation], from file: String) throws {
        var byName: [String: Int] = [:]
        for (i, c) in clips.enumerated() { byName[c.name] = i }
        let unreadableNames = Set(unreadable.map(\.name))
        for a in annotations where !unreadableNames.contains(a.file) {
            guard let i = byName[a.file] else {
                throw DataFileError(file: file, "names '\(a.file)', which is not a clip of the dataset")
            }
            clips[i].segments.append(a)
        }
    }
}
