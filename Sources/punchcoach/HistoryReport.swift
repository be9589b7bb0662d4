import CoachStore
import Foundation

/// What `punchcoach history` prints: the JSON object, the CSV, or the table.
struct HistoryReport {
    var path: String
    var summary: HistorySummary
    /// With --punch.
    var detail: PunchDetail?

    // MARK: JSON

    /// `{"sessions": n, "punches": [{"label", "count", "thrown", "accuracy", "reaction_ms_mean",
    /// "speed_mean", "trend": […]}, …]}`; with --punch the entry also has "hands" and
    /// "speed_distribution". Unknown values are null.
    func json() -> String {
        let punches = summary.punches.map { punch -> JSON in
            var fields: [(String, JSON)] = [("label", .string(punch.label))]
            fields += statsFields(punch.total)
            fields.append(
                ("trend", .array(punch.trend.map { point in
                    .object([("session", .int(Int(point.sessionId))), ("date", .string(iso8601(point.startedAt)))]
                        + statsFields(point.stats))
                })))
            if let detail, detail.summary.label == punch.label {
                fields.append(
                    ("hands", .array(detail.hands.map { .object([("hand", .string($0.hand))] + statsFields($0.stats)) })))
                fields.append(("speed_distribution", detail.speed.map(speedJSON) ?? .null))
            }
            return .object(fields)
        }
        let object: JSON = .object([
            ("sessions", .int(summary.sessions)),
            ("first_session", summary.firstSession.map { .string(iso8601($0)) } ?? .null),
            ("last_session", summary.lastSession.map { .string(iso8601($0)) } ?? .null),
            ("database", .string(path)),
            ("punches", .array(punches)),
        ])
        return object.text()
    }

    /// The fields of a punch entry, a trend point or a hand.
    private func statsFields(_ s: PunchStats) -> [(String, JSON)] {
        [
            ("count", .int(s.count)), ("thrown", .int(s.thrown)), ("prompted", .int(s.prompted)),
            ("correct", .int(s.correct)), ("accuracy", .number(s.accuracy)),
            ("reaction_ms_mean", .number(s.reactionMsMean)), ("speed_mean", .number(s.speedMean)),
            ("speed_torso_mean", .number(s.speedTorsoMean)),
        ]
    }

    private func speedJSON(_ d: SpeedDistribution) -> JSON {
        .object([
            ("units", .string(d.units)), ("count", .int(d.count)), ("mean", .number(d.mean)), ("min", .number(d.min)),
            ("p25", .number(d.p25)), ("median", .number(d.median)), ("p75", .number(d.p75)), ("max", .number(d.max)),
            ("bins", .array(d.bins.map { .object([("lower", .number($0.lower)), ("upper", .number($0.upper)), ("count", .int($0.count))]) })),
        ])
    }

    // MARK: CSV

    static let csvColumns = [
        "label", "count", "thrown", "prompted", "correct", "accuracy", "reaction_ms_mean", "speed_mean",
        "speed_torso_mean",
    ]

    /// A header, then one row per punch label; empty cells for unknown values.
    func csv() -> String {
        var lines = [Self.csvColumns.joined(separator: ",")]
        for punch in summary.punches {
            let s = punch.total
            lines.append(
                [
                    csvField(punch.label), "\(s.count)", "\(s.thrown)", "\(s.prompted)", "\(s.correct)",
                    number(s.accuracy), number(s.reactionMsMean), number(s.speedMean), number(s.speedTorsoMean),
                ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }

    private func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    // MARK: Table

    func table() -> String {
        var out = ""
        let span = [summary.firstSession, summary.lastSession].compactMap { $0.map(day) }
        let dates = span.count == 2 && span[0] != span[1] ? "\(span[0]) – \(span[1])" : span.first ?? ""
        out += "History: \(summary.sessions) session\(summary.sessions == 1 ? "" : "s"), \(dates)  (\(path))\n\n"
        if let detail {
            out += detailTable(detail)
            return out
        }
        let trendSessions = summary.punches.first?.trend.count ?? 0
        let rows = summary.punches.map { punch -> [String] in
            let s = punch.total
            return [
                punch.label, "\(s.count)", "\(s.thrown)", "\(s.prompted)", percent(s.accuracy), ms(s.reactionMsMean),
                speedText(s), sparkline(punch.trend.map { Double($0.stats.count) }),
            ]
        }
        out += layout(
            header: ["punch", "count", "thrown", "called", "accuracy", "reaction", "speed", "last \(trendSessions)"],
            rows: rows, rightAligned: 1...6)
        out += "\ncalled: callouts of that punch; accuracy: callouts answered by it; last N: punches a session, oldest first.\n"
        out += "More on one punch: punchcoach history --punch TYPE\n"
        return out
    }

    private func detailTable(_ detail: PunchDetail) -> String {
        var out = ""
        let s = detail.summary.total
        out += "\(detail.summary.label): \(s.count) punches (\(s.thrown) thrown); "
        out += "accuracy \(percent(s.accuracy))" + (s.prompted > 0 ? " (\(s.correct) of \(s.prompted) callouts)" : "")
        out += "; reaction \(ms(s.reactionMsMean)); speed \(speedText(s))\n\n"
        out += "Last \(detail.summary.trend.count) sessions:\n"
        out += layout(
            header: ["session", "date", "count", "called", "accuracy", "reaction", "speed"],
            rows: detail.summary.trend.map { point in
                let p = point.stats
                return [
                    "\(point.sessionId)", minute(point.startedAt), "\(p.count)", "\(p.prompted)", percent(p.accuracy),
                    ms(p.reactionMsMean), speedText(p),
                ]
            }, rightAligned: [0, 2, 3, 4, 5, 6])
        if !detail.hands.isEmpty {
            out += "\nBy hand:\n"
            let total = max(1, s.count)
            out += layout(
                header: ["hand", "count", "share", "called", "accuracy", "reaction", "speed"],
                rows: detail.hands.map { hand in
                    let h = hand.stats
                    return [
                        hand.hand, "\(h.count)", percent(Double(h.count) / Double(total)), "\(h.prompted)",
                        percent(h.accuracy), ms(h.reactionMsMean), speedText(h),
                    ]
                }, rightAligned: 1...6)
        }
        if let speed = detail.speed {
            out += "\nSpeed (\(speed.units), \(speed.count) punches): "
            out += "min \(fixed(speed.min)) · p25 \(fixed(speed.p25)) · median \(fixed(speed.median)) · "
            out += "p75 \(fixed(speed.p75)) · max \(fixed(speed.max)) · mean \(fixed(speed.mean))\n"
            let most = max(1, speed.bins.map(\.count).max() ?? 1)
            for bin in speed.bins {
                let bar = String(repeating: "█", count: Int((30 * Double(bin.count) / Double(most)).rounded(.up)))
                out += "  \(pad(fixed(bin.lower), 5, right: true))–\(pad(fixed(bin.upper), 5))  \(bar) \(bin.count)\n"
            }
        }
        return out
    }

    private func layout(header: [String], rows: [[String]], rightAligned: some Sequence<Int>) -> String {
        let right = Set(rightAligned)
        let widths = header.indices.map { i in ([header] + rows).map { $0[i].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.indices.map { i in pad(row[i], widths[i], right: right.contains(i)) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    private func percent(_ x: Double?) -> String { x.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }
    private func ms(_ x: Double?) -> String { x.map { "\(Int($0.rounded())) ms" } ?? "–" }
    private func fixed(_ x: Double) -> String { String(format: "%.1f", x) }

    private func speedText(_ s: PunchStats) -> String {
        if let v = s.speedMean { return "\(fixed(v)) m/s" }
        if let v = s.speedTorsoMean { return "\(fixed(v)) torso/s" }
        return "–"
    }

    private func sparkline(_ values: [Double]) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        let top = values.max() ?? 0
        return String(values.map { v in
            v <= 0 || top <= 0 ? "·" : bars[min(bars.count - 1, Int((v / top * Double(bars.count - 1)).rounded()))]
        })
    }

    private func day(_ date: Date) -> String { localFormat(date, "yyyy-MM-dd") }
    private func minute(_ date: Date) -> String { localFormat(date, "yyyy-MM-dd HH:mm") }

    private func localFormat(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}

/// ISO-8601 in UTC with milliseconds: `2025-11-21T18:02:03.250Z`.
private func iso8601(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
}

/// A JSON value whose objects keep their key order, printed with two-space indents. Numbers are
/// Swift's shortest round-trip form; a non-finite or missing number is null.
private indirect enum JSON {
    case null
    case int(Int)
    case number(Double?)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .int(let n): return "\(n)"
        case .number(let x):
            guard let x, x.isFinite else { return "null" }
            return "\(x)"
        case .string(let s): return Self.quoted(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n"
                + fields.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
                + "\n\(indent)}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
