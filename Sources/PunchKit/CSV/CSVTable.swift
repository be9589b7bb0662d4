import Foundation

/// A small CSV table (header + rows) for the project's index, annotation and event files.
/// Quoted fields ("a,b", with "" for a quote) are understood; every row must have as many cells
/// as the header, and the reader says which line does not.
public struct CSVTable: Sendable {
    public let file: String
    public let header: [String]
    /// Rows with the 1-based line number each came from.
    public let rows: [(line: Int, cells: [String])]

    public init(file: String, header: [String], rows: [(line: Int, cells: [String])]) {
        self.file = file
        self.header = header
        self.rows = rows
    }

    public static func read(_ url: URL) throws -> CSVTable {
        let path = url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: path, "cannot read the file (\(error.localizedDescription)); check the path")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DataFileError(file: path, "not a UTF-8 text file")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws -> CSVTable {
        var header: [String]?
        var rows: [(line: Int, cells: [String])] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on it too, or a Windows file reads as one line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (i, raw) in lines.enumerated() {
            lineNumber = i + 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.isEmpty {
                if i == lines.count - 1 { continue }  // the final newline
                throw DataFileError(file: file, line: lineNumber, "empty line; remove it")
            }
            if line.hasPrefix("#") && header == nil { continue }
            let cells = try splitCells(line, file: file, line: lineNumber)
            if header == nil {
                header = cells.map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            guard cells.count == header!.count else {
                throw DataFileError(file: file, line: lineNumber,
                                    "\(cells.count) cells where the header has \(header!.count); fix the row")
            }
            rows.append((lineNumber, cells))
        }
        guard let header else { throw DataFileError(file: file, "empty file: no header line") }
        return CSVTable(file: file, header: header, rows: rows)
    }

    static func splitCells(_ line: Substring, file: String, line number: Int) throws -> [String] {
        if !line.contains("\"") { return line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        var cells: [String] = []
        var cell = ""
        var inQuotes = false
        var iterator = line.makeIterator()
        var pending: Character? = nil
        while let ch = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if ch == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { cell.append("\"") } else { inQuotes = false; pending = next }
                    } else { inQuotes = false }
                } else { cell.append(ch) }
            } else if ch == "\"" {
                inQuotes = true
            } else if ch == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(ch)
            }
        }
        if inQuotes { throw DataFileError(file: file, line: number, "unterminated quote") }
        cells.append(cell)
        return cells
    }

    /// The column index of `name`, or an error naming the missing column.
    public func column(_ name: String) throws -> Int {
        guard let i = header.firstIndex(of: name) else {
            throw DataFileError(file: file, line: 1, "missing column '\(name)' (header: \(header.joined(separator: ",")))")
        }
        return i
    }

    public func optionalColumn(_ name: String) -> Int? { header.firstIndex(of: name) }

    /// A finite number from a cell, or an error naming the line and the column.
    public func number(_ row: (line: Int, cells: [String]), _ column: Int) throws -> Double {
        let text = row.cells[column].trimmingCharacters(in: .whitespaces)
        guard let v = Double(text), v.isFinite else {
            throw DataFileError(file: file, line: row.line, "'\(text)' in column '\(header[column])' is not a finite number")
        }
        return v
    }
}
