/// Subjects named by file names: a leading `s3_`, `s03-`, `subject3_`, `subj03_`, `p3_`, `person3_`
/// gives subject `s3` / `s03` … (the form in the file, lower-cased, without separator).
public enum SubjectName {
    public static func fromFileName(_ name: String) -> String? {
        let lower = name.lowercased()
        for prefix in ["subject", "person", "subj", "s", "p"] where lower.hasPrefix(prefix) {
            var rest = lower.dropFirst(prefix.count)
            if rest.first == "-" || rest.first == "_" { rest = rest.dropFirst() }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            let after = rest.dropFirst(digits.count).first
            guard after == nil || after == "_" || after == "-" || after == "." else { continue }
            return (prefix == "subject" || prefix == "subj" ? "s" : prefix == "person" ? "p" : prefix) + digits
        }
        return nil
    }
}
