/// Joint names as pose tools and datasets spell them, brought to one spelling: snake_case words, the
/// side first.
///
/// `LWrist` (OpenPose), `leftWrist` (PoseNet, ML Kit), `wrist_left` and `WristLeft` (the Kinect SDKs),
/// `l_wrist` (MPII, LSP) and `left_wrist` (COCO, MediaPipe) are all `left_wrist`, so that a file is read
/// by the names of its joints whichever tool wrote them.
public enum JointName {
    /// The standard spelling of `raw`.
    public static func standard(_ raw: String) -> String {
        var side: String?
        var rest: [String] = []
        for word in words(raw) {
            switch word {
            case "l", "left", "lt": side = "left"
            case "r", "right", "rt": side = "right"
            default: rest.append(word)
            }
        }
        return ((side.map { [$0] } ?? []) + rest).joined(separator: "_")
    }

    /// Lower-case words: split at `_`, `-`, `.`, spaces, and where the case changes (`LWrist` →
    /// l, wrist; `HandTipLeft` → hand, tip, left).
    static func words(_ raw: String) -> [String] {
        var words: [String] = []
        var current = ""
        let chars = Array(raw)
        for (i, c) in chars.enumerated() {
            if c == "_" || c == "-" || c == "." || c == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if c.isUppercase, let last = current.last {
                let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }
}
