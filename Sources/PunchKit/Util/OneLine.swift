extension String {
    /// The text with its control characters and line separators escaped (`\n`, `\r`, `\t`, `\u{B}`,
    /// `\u{2028}`, …), everything else kept. For error messages, which quote files' cells, headers and
    /// names: whatever a damaged file holds, the message stays one line and cannot drive the terminal.
    public var oneLine: String {
        func unprintable(_ s: Unicode.Scalar) -> Bool {
            switch s.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        guard unicodeScalars.contains(where: unprintable) else { return self }
        var out = String.UnicodeScalarView()
        for s in unicodeScalars {
            if !unprintable(s) {
                out.append(s)
                continue
            }
            switch s {
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            default: out.append(contentsOf: "\\u{\(String(s.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }
}
