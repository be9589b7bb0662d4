import Foundation

/// Writes a whole text file at once (atomically), or fails with one line naming the file, the system's
/// reason and what to do — the one way every CSV this project writes reaches the disk.
public enum TextFileWriter {
    public static func write(_ text: String, to url: URL) throws {
        do { try AtomicFile.write(Data(text.utf8), to: url) } catch {
            throw DataFileError(file: url.path, "cannot write the file (\(error.reason)); check the folder exists and is writable")
        }
    }
}
