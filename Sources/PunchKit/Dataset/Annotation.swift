import Foundation

/// A labelled interval of a recording: `file,label,start,end` in `annotations.csv`
/// (times in seconds on the recording's own clock).
public struct Annotation: Equatable, Sendable {
    public var file: String
    public var label: String
    public var start: Double
    public var end: Double

    public init(file: String, label: String, start: Double, end: Double) {
        self.file = file
        self.label = label
        self.start = start
        self.end = end
    }

    public var duration: Double { end - start }

    /// Reads `annotations.csv`; every row must have start < end.
    public static func read(_ url: URL) throws -> [Annotation] {
        let table = try CSVTable.read(url)
        let f = try table.column("file"), l = try table.column("label")
        let s = try table.column("start"), e = try table.column("end")
        return try table.rows.map { row in
            let a = Annotation(file: row.cells[f].trimmingCharacters(in: .whitespaces),
                               label: row.cells[l].trimmingCharacters(in: .whitespaces),
                               start: try table.number(row, s), end: try table.number(row, e))
            guard a.end > a.start else {
                throw DataFileError(file: table.file, line: row.line, "end \(a.end) is not after start \(a.start)")
            }
            guard !a.label.isEmpty, !a.file.isEmpty else {
                throw DataFileError(file: table.file, line: row.line, "empty file or label")
            }
            return a
        }
    }

    public static func write(_ annotations: [Annotation], to url: URL) throws {
        var text = "file,label,start,end\n"
        for a in annotations { text += "\(a.file),\(a.label),\(a.start),\(a.end)\n" }
        try TextFileWriter.write(text, to: url)
    }
}
