import PunchKit

/// The text a fuzz case splices into a file: numbers a parser may choke on, characters that are not
/// what they look like, and bytes that are not UTF-8 at all.
enum HostileText {
    /// Cell values around the edges of number parsing and of the formats' vocabularies.
    static let cells: [String] = [
        "", " ", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e308", "1e309", "-1e309", "4.9e-324",
        "2.5e-400", "99999999999999999999999999", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "-0", "0x1p4", "1_000", "1,5", "+1", ".", "-", "e5",
        "0.5 ", " 1", "١٢٣", "１２", "\"", "\"a,b\"", "\"\"", "null", "true", "[]", "{}", "none", "lead",
        "jab", "double_jab", "coco17", "=", "==", "layout=", "fps=0", "fps=-1", "fps=1e309", "units=mm",
        "world=m", String(repeating: "9", count: 400), String(repeating: "0", count: 300) + "1",
        #"\n"#, #"\r"#, #"\u2028"#,  // JSON escapes: a line break once decoded
        String(repeating: "[", count: 100_000),  // nesting deeper than any JSON parser recurses safely
    ]

    /// Characters that are valid UTF-8 but trouble: controls, line separators, combining marks,
    /// byte-order marks, right-to-left marks, emoji, a quote, a comma.
    static let characters: [String] = [
        "\0", "\t", "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}",
        "\u{0301}", "\u{200D}", "\u{200F}", "\u{FEFF}", "\u{FFFD}", "👊", "🥊🏽", "é", "ß", "€", "中", "\"", ",", "#", "=",
    ]

    /// Byte sequences that are not UTF-8: a stray continuation byte, truncated and overlong sequences,
    /// an encoded surrogate, bytes that never occur.
    static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x91], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
        [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF],
    ]

    /// 1 to 8 characters drawn from the troublesome ones and printable ASCII.
    static func randomString(_ rng: inout SeededRandom) -> String {
        (0..<rng.int(1...8)).map { _ in
            rng.chance(0.5) ? rng.pick(characters) : String(UnicodeScalar(UInt8(rng.int(32...126))))
        }.joined()
    }

    /// A cell value: a listed one, or random text.
    static func randomCell(_ rng: inout SeededRandom) -> String {
        rng.chance(0.7) ? rng.pick(cells) : randomString(&rng)
    }
}
