import Foundation

/// Which hand threw a punch, relative to the stance (a southpaw's jab is thrown with the right hand,
/// and is still a `lead` punch).
public enum Hand: String, Sendable, Codable, CaseIterable {
    case lead, rear
    /// For events that are not punches (idle periods in truth files) or when no hand is known.
    case none

    /// The anatomical side of this hand for a boxer of `stance`.
    public func side(in stance: Stance) -> Side? {
        switch (self, stance) {
        case (.lead, .orthodox), (.rear, .southpaw): return .left
        case (.rear, .orthodox), (.lead, .southpaw): return .right
        case (.none, _): return nil
        }
    }

    public static func of(side: Side, stance: Stance) -> Hand {
        switch (side, stance) {
        case (.left, .orthodox), (.right, .southpaw): return .lead
        default: return .rear
        }
    }
}

public enum Side: String, Sendable, Codable { case left, right }

/// A punch (or, in truth files, an idle period): the event CSV row `start,end,label,hand,confidence,peak_speed`.
public struct PunchEvent: Equatable, Sendable, Codable {
    public var start: Double
    public var end: Double
    public var label: String
    public var hand: Hand
    public var confidence: Double
    /// Peak wrist speed: m/s when the skeleton has metric world coordinates, torso lengths/s otherwise.
    public var peakSpeed: Double

    public init(start: Double, end: Double, label: String, hand: Hand, confidence: Double, peakSpeed: Double) {
        self.start = start
        self.end = end
        self.label = label
        self.hand = hand
        self.confidence = confidence
        self.peakSpeed = peakSpeed
    }

    enum CodingKeys: String, CodingKey {
        case start, end, label, hand, confidence
        case peakSpeed = "peak_speed"
    }
}

/// Reads and writes event CSV files.
public enum EventCSV {
    public static let header = "start,end,label,hand,confidence,peak_speed"

    public static func text(of events: [PunchEvent]) -> String {
        var s = header + "\n"
        for e in events {
            s += "\(SkeletonCSV.format(e.start)),\(SkeletonCSV.format(e.end)),\(e.label),\(e.hand.rawValue),"
            s += "\(SkeletonCSV.format(e.confidence)),\(SkeletonCSV.format(e.peakSpeed))\n"
        }
        return s
    }

    public static func write(_ events: [PunchEvent], to url: URL) throws {
        try TextFileWriter.write(text(of: events), to: url)
    }

    public static func read(_ url: URL) throws -> [PunchEvent] {
        let table = try CSVTable.read(url)
        let cs = try table.column("start"), ce = try table.column("end"), cl = try table.column("label")
        let ch = try table.column("hand")
        let cc = table.optionalColumn("confidence"), cp = table.optionalColumn("peak_speed")
        return try table.rows.map { row in
            let start = try table.number(row, cs), end = try table.number(row, ce)
            guard end >= start else { throw DataFileError(file: table.file, line: row.line, "end \(end) is before start \(start)") }
            let handText = row.cells[ch].trimmingCharacters(in: .whitespaces)
            guard let hand = Hand(rawValue: handText.isEmpty ? "none" : handText) else {
                throw DataFileError(file: table.file, line: row.line, "hand '\(handText)' is not lead, rear or none")
            }
            let label = row.cells[cl].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty else { throw DataFileError(file: table.file, line: row.line, "empty label") }
            return PunchEvent(start: start, end: end, label: label, hand: hand,
                              confidence: try cc.map { try table.number(row, $0) } ?? 1,
                              peakSpeed: try cp.map { try table.number(row, $0) } ?? 0)
        }
    }
}
