import Foundation

extension Dataset {
    /// Several dataset folders scored as one (`evaluate --data A --data B`): e.g. two synthetic test sets of
    /// other people, so that a camera bin holds twice the clips. The pooled root is the folders' deepest
    /// common folder and every clip (its segments, ignored and unreadable files too) is named from there
    /// (`T/jab/s101_jab_0001.csv`, `T2/jab/s201_jab_0001.csv`), so `root` + a name is still the file.
    /// People are told apart by name only (`LabelledClip.person`): pool sets whose people are named apart. One
    /// dataset comes back as it is. A folder given twice, or one inside another, would score
    /// recordings twice: refused (`PoolingError`).
    public static func pooled(_ datasets: [Dataset]) throws -> Dataset {
        precondition(!datasets.isEmpty, "nothing to pool")
        guard datasets.count > 1 else { return datasets[0] }
        let folders = try poolableFolders(datasets.map(\.root))
        var common = folders[0]
        for f in folders.dropFirst() {
            common = Array(zip(common, f).prefix { $0 == $1 }.map(\.0))
        }
        var pool = Dataset(root: URL(fileURLWithPath: Self.path(common), isDirectory: true), clips: [])
        for (d, folder) in zip(datasets, folders) {
            let prefix = folder.dropFirst(common.count).joined(separator: "/")
            func named(_ name: String) -> String { prefix + "/" + name }
            for var clip in d.clips {
                clip.name = named(clip.name)
                for k in clip.segments.indices { clip.segments[k].file = named(clip.segments[k].file) }
                pool.clips.append(clip)
            }
            pool.ignored += d.ignored.map(named)
            pool.unreadable += d.unreadable.map { (named($0.name), $0.error) }
        }
        return pool
    }

    /// The folders' path components (symbolic links resolved), checked to be poolable before anything is read from
    /// them: none given twice, none inside another (`PoolingError`).
    @discardableResult
    public static func poolableFolders(_ roots: [URL]) throws -> [[String]] {
        let folders = roots.map { $0.standardizedFileURL.resolvingSymlinksInPath().pathComponents }
        for (i, a) in folders.enumerated() {
            for b in folders[(i + 1)...] where a.starts(with: b) || b.starts(with: a) {
                let (outer, inner) = a.count <= b.count ? (a, b) : (b, a)
                throw PoolingError(outer: Self.path(outer), inner: Self.path(inner))
            }
        }
        return folders
    }

    private static func path(_ components: [String]) -> String {
        components.isEmpty ? "/" : NSString.path(withComponents: components)
    }
}

/// Two pooled dataset folders of which one holds the other: its recordings would be scored twice.
public struct PoolingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var outer: String
    public var inner: String
    public var description: String {
        outer == inner
            ? "\(outer) is given twice; pool each folder once"
            : "\(inner) lies inside \(outer), whose recordings it would score twice; pool folders side by side"
    }
}
