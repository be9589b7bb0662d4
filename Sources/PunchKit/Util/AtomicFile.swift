import Foundation

/// Writes a whole file at once (atomically: a reader sees the old file or the new one, never half), and
/// says why it could not in the system's own words. Foundation on Linux says only "The operation could not
/// be completed" for a missing folder and for a folder in the way alike; the POSIX error beneath it says
/// "No such file or directory" or "Is a directory". `TextFileWriter` (every CSV and report) and the model
/// file write through it, each wrapping the reason in its own one-line error.
public enum AtomicFile {
    public struct Failure: Error, Sendable {
        /// The system's reason, for a one-line message.
        public let reason: String
    }

    public static func write(_ data: Data, to url: URL) throws(Failure) {
        do { try data.write(to: url, options: .atomic) } catch { throw Failure(reason: reason(error)) }
    }

    static func reason(_ error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        return error.localizedDescription
    }
}
