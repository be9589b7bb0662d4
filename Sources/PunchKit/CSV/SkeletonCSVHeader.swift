/// The self-describing first line of a skeleton CSV:
/// `# layout=<name> units=<px|m|norm|arb> source=<…> [subject=<…>] [fps=<…>] [world=m] [key=value …]`.
struct SkeletonCSVHeader {
    var layout: String?
    var units: CoordinateUnits?
    var source: String?
    var subject: String?
    var fps: Double?
    var world: Bool = false
    var extra: [SkeletonSequence.KeyValue] = []

    static let knownKeys: Set<String> = ["layout", "units", "source", "subject", "fps", "world"]

    static func parse(_ line: String, file: String) throws -> SkeletonCSVHeader {
        var header = SkeletonCSVHeader()
        let body = line.drop { $0 == "#" || $0 == " " }
        for token in body.split(separator: " ", omittingEmptySubsequences: true) {
            guard let eq = token.firstIndex(of: "=") else {
                throw DataFileError(file: file, line: 1, "'\(token)' in the first comment line is not key=value")
            }
            let key = String(token[..<eq]), value = String(token[token.index(after: eq)...])
            switch key {
            case "layout": header.layout = value
            case "units":
                guard let u = CoordinateUnits(rawValue: value) else {
                    throw DataFileError(file: file, line: 1,
                                        "units=\(value) is not one of \(CoordinateUnits.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                header.units = u
            case "source": header.source = value
            case "subject": header.subject = value
            case "fps":
                guard let f = Double(value), f.isFinite, f > 0 else {
                    throw DataFileError(file: file, line: 1, "fps=\(value) is not a positive number")
                }
                header.fps = f
            case "world":
                guard value == "m" else { throw DataFileError(file: file, line: 1, "world=\(value): only world=m is supported") }
                header.world = true
            default: header.extra.append(.init(key, value))
            }
        }
        return header
    }

    static func line(for s: SkeletonSequence) -> String {
        var parts = ["layout=\(s.layout.name)", "units=\(s.units.rawValue)", "source=\(s.source)"]
        if let subject = s.subject { parts.append("subject=\(subject)") }
        if let fps = s.fps { parts.append("fps=\(fps)") }
        if s.world != nil { parts.append("world=m") }
        parts += s.extra.map { "\($0.key)=\($0.value)" }
        return "# " + parts.joined(separator: " ")
    }
}
