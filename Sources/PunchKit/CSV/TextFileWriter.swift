import Foundation

/// Writes a whole text file at once (atomically), or fails with one line naming the file and what to do —
/// the one way every CSV this project writes reaches the disk.
public enum TextFileWriter {
    public static func write(_ text: String, to url: URL) throws {
        do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
            throw DataFileError(file: url.path, "cannot write the file (\(reason(error))); check the folder exists and is writable")
        }
    }

    /// The system's own words when Foundation has them ("Is a directory", "No such file or directory"):
    /// Foundation on Linux says only "The operation could not be completed" for several causes.
    static func reason(_ error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        return error.localizedDescription
    }
}
