/// A problem in a data file, always naming the file and, where there is one, the line
/// (1-based, as an editor shows it) and what to do about it.
public struct DataFileError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// One line, whatever the message quotes from the file, or the path from an index file, holds.
    public var description: String {
        if let line { return "\(file):\(line): \(message)".oneLine }
        return "\(file): \(message)".oneLine
    }
}
