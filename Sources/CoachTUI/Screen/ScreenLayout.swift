/// Where each panel of the coach screen goes, for a terminal of `width` × `height` cells
/// (at least `minimum`):
///
/// ```
///  title bar ─────────────────────────────────────────────────────────────
///  ╭ skeleton ───────────╮╭ mode panel: callout / timer, animation ───────╮
///  │                     ││                                               │
///  │                     │╰───────────────────────────────────────────────╯
///  │                     │╭ counters ─────────╮╭ last punches ────────────╮
///  ╰─────────────────────╯│                   ││                          │
///  ╭ classifier ─────────╮│                   ││                          │
///  ╰─────────────────────╯╰───────────────────╯╰──────────────────────────╯
///  status line ───────────────────────────────────────────────────────────
/// ```
public struct ScreenLayout: Equatable, Sendable {
    public static let minimumWidth = 80
    public static let minimumHeight = 24

    public var title: Rect
    public var skeleton: Rect
    public var probabilities: Rect
    public var mode: Rect
    public var counters: Rect
    public var punches: Rect
    public var status: Rect

    public static func fits(width: Int, height: Int) -> Bool { width >= minimumWidth && height >= minimumHeight }

    public init(width: Int, height: Int, classCount: Int) {
        let bodyTop = 1, bodyHeight = height - 2
        title = Rect(x: 0, y: 0, width: width, height: 1)
        status = Rect(x: 0, y: height - 1, width: width, height: 1)
        let leftWidth = min(64, max(30, width * 37 / 100))
        let probabilityHeight = min(classCount + 2, bodyHeight / 2)
        skeleton = Rect(x: 0, y: bodyTop, width: leftWidth, height: bodyHeight - probabilityHeight)
        probabilities = Rect(x: 0, y: skeleton.maxY, width: leftWidth, height: probabilityHeight)
        let rightWidth = width - leftWidth
        let modeHeight = min(20, max(11, bodyHeight * 48 / 100))
        mode = Rect(x: leftWidth, y: bodyTop, width: rightWidth, height: modeHeight)
        let countersWidth = min(40, max(24, rightWidth * 40 / 100))
        counters = Rect(x: leftWidth, y: mode.maxY, width: countersWidth, height: bodyHeight - modeHeight)
        punches = Rect(x: counters.maxX, y: mode.maxY, width: rightWidth - countersWidth, height: bodyHeight - modeHeight)
    }
}
