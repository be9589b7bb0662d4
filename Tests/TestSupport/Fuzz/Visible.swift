import PunchKit

/// `text` quoted, with its controls and line separators escaped: the fuzz reports quote hostile text,
/// and `String(reflecting:)` leaves U+2028 and NEL as they are.
func visible(_ text: String) -> String { "\"" + text.oneLine + "\"" }
