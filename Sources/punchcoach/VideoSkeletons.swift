import Foundation
import PoseVision
import PunchKit

/// Videos in datasets: extracted to skeletons with BlazePose on first use and cached beside the video
/// (`X.mp4` → `X.skeleton-cache.csv`). The cache's first line records the video's size and
/// modification time; a cache that no longer matches its video is extracted again.
///
/// A folder made read-only (no write permission for anyone, as a shared evaluation set is) is left
/// untouched even by root, who could write there anyway: its cache goes to
/// `$XDG_CACHE_HOME/punchcoach/video-skeletons/` (else `~/.cache/…`), named after the video's path.
enum VideoSkeletons {
    static let reader: Dataset.VideoReader = { url in try load(url) }

    static func cacheURL(for video: URL) -> URL {
        let beside = video.deletingPathExtension().appendingPathExtension("skeleton-cache.csv")
        let folder = video.deletingLastPathComponent().path
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: folder))?[.posixPermissions] as? Int,
              mode & 0o222 == 0 else { return beside }
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        var sha = SHA256()
        sha.update(video.standardizedFileURL.path)
        let key = String(SHA256.hex(sha.finalize()).prefix(16))
        let directory = base.appendingPathComponent("punchcoach/video-skeletons")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("\(key)-\(beside.lastPathComponent)")
    }

    /// The video's identity as the cache records it: `video_bytes=…`, `video_mtime=…`.
    static func stamp(of video: URL) throws -> [SkeletonSequence.KeyValue] {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: video.path) } catch {
            throw DataFileError(file: video.path, "cannot read the file; check it exists and is readable")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let mtime = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return [.init("video_bytes", "\(size)"), .init("video_mtime", String(format: "%.3f", mtime))]
    }

    static func load(_ video: URL) throws -> SkeletonSequence {
        let cache = cacheURL(for: video)
        let stamp = try stamp(of: video)
        if FileManager.default.fileExists(atPath: cache.path), let cached = try? SkeletonCSV.read(cache),
           stamp.allSatisfy({ kv in cached.extra.contains(kv) }) {
            return cached
        }
        Log.info("\(video.path): extracting skeletons (first use; cached in \(cache.path))")
        let source = try BlazePoseSource.open(.video(video))!  // a video always has a capture; its errors name the file
        var sequence = try SkeletonExtraction.run(source).sequence
        guard sequence.frameCount > 0 else { throw DataFileError(file: video.path, "no frame could be read from the video") }
        sequence.extra += stamp
        do { try SkeletonCSV.write(sequence, to: cache) } catch {
            Log.info("\(cache.path): could not write the cache (\(error)); extracting again next time")
        }
        return sequence
    }
}
