import Foundation

/// Writes a whole text file at once (atomically), or fails with one line naming the file and what to do —
/// the one way every CSV this project writes reaches the disk.
public enum TextFileWriter {
    public static func write(_ text: String, to url: URL) throws {
        do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
            throw DataFileError(file: url.path, "cannot write the file (\(error.localizedDescription)); check the folder exists and is writable")
        }
    }
}
