import Foundation

/// A file a command writes only at its end (a trained model and its report, an extracted skeleton CSV and
/// its overlay): checked before the work starts, so that a typo in the path costs a one-line error, not
/// minutes of training or pose extraction thrown away.
enum OutputFile {
    /// `path` must not be a folder, and its folder must exist and be writable.
    static func check(_ path: String, option: String) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw CLIError("\(option) \(path) is a folder; give a file name")
        }
        guard fm.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw CLIError("\(option) \(path): the folder \(folder) does not exist; create it or choose another path")
        }
        guard fm.isWritableFile(atPath: folder) else {
            throw CLIError("\(option) \(path): the folder \(folder) is not writable; choose another path or fix its permissions")
        }
    }
}
