/// What a skeleton CSV's header line says: how time is given, which layout the joints belong to and
/// which cells every joint carries. Built once from the header; the row reader follows it.
struct SkeletonCSVColumns {
    /// How the first column gives time.
    enum TimeColumn: Equatable {
        case seconds
        /// Frame numbers at this rate (`fps=` of the first line, else `SkeletonCSV.defaultFrameRate`).
        case frames(rate: Double)
    }

    /// What a joint column holds: image x, y (and z when the tool gives it), a confidence, world metres.
    enum Component: Int, CaseIterable {
        case x = 0, y, z, c, wx, wy, wz

        init?(suffix: Substring) {
            switch suffix {
            case "x": self = .x
            case "y": self = .y
            case "z": self = .z
            case "c", "conf", "confidence", "score", "visibility": self = .c  // as tools name it
            case "wx": self = .wx
            case "wy": self = .wy
            case "wz": self = .wz
            default: return nil
            }
        }
    }

    /// One column after the time column: which joint of the layout and which component it holds.
    struct JointColumn {
        var joint: Int
        var component: Component
    }

    let names: [String]
    let time: TimeColumn
    let layout: JointLayout
    let joints: [JointColumn]
    /// The components every joint carries (the header must give each joint the same ones).
    let components: Set<Component>

    var hasWorld: Bool { components.contains(.wx) }
    var hasConfidence: Bool { components.contains(.c) }
    var hasZColumn: Bool { components.contains(.z) }

    /// Reads the header line `line` (1-based `lineNumber`) under the first line's `meta`.
    init(line: String, lineNumber: Int, meta: SkeletonCSVHeader, file: String) throws {
        func fail(_ line: Int, _ message: String) -> DataFileError { DataFileError(file: file, line: line, message) }
        names = line.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        switch names.first {
        case "t": time = .seconds
        case "frame": time = .frames(rate: meta.fps ?? SkeletonCSV.defaultFrameRate)
        default:
            throw fail(lineNumber, "first column is '\(names.first ?? "")'; expected 't' (seconds) or 'frame'")
        }

        let (jointOrder, parsed) = try Self.jointNames(names.dropFirst(), fail: { fail(lineNumber, $0) })
        layout = try Self.layout(of: jointOrder, declared: meta.layout, headerLine: lineNumber, fail: fail)
        components = try Self.commonComponents(jointOrder, parsed, fail: { fail(lineNumber, $0) })
        if meta.world && !components.contains(.wx) {
            throw fail(1, "world=m is declared but there are no _wx/_wy/_wz columns")
        }
        let layout = self.layout
        joints = parsed.map { JointColumn(joint: layout.index(ofStandard: JointName.standard($0.joint))!, component: $0.component) }
    }

    /// The joint names in file order and each column's joint and component.
    private static func jointNames(_ columns: ArraySlice<String>, fail: (String) -> DataFileError) throws
        -> (order: [String], columns: [(joint: String, component: Component)]) {
        var order: [String] = []
        var parsed: [(joint: String, component: Component)] = []
        var seen = Set<String>()
        for name in columns {
            guard seen.insert(name).inserted else { throw fail("column '\(name)' appears twice") }
            guard let us = name.lastIndex(of: "_"), let component = Component(suffix: name[name.index(after: us)...]) else {
                throw fail("column '\(name)' is not <joint>_x, _y, _z, _c, _wx, _wy or _wz")
            }
            let joint = String(name[..<us])
            if parsed.contains(where: { $0.joint == joint && $0.component == component }) {
                throw fail("column '\(name)' gives '\(joint)' a \(component) that another column gives too")
            }
            if !order.contains(joint) { order.append(joint) }
            parsed.append((joint, component))
        }
        guard !order.isEmpty else { throw fail("no joint columns in the header") }
        return (order, parsed)
    }

    /// The layout: the one the first line declares, when it is a known one (the header may leave some of
    /// its joints out, which are then missing in every frame, but may not name others); else the known
    /// layout whose joints the header names; else the header's own joints, when they include the
    /// required ones (`LayoutMapping.requiredJoints`): a file is read by the names of its joints, in any
    /// tool's spelling (`JointName`).
    private static func layout(of jointOrder: [String], declared: String?, headerLine: Int,
                               fail: (Int, String) -> DataFileError) throws -> JointLayout {
        let standard = jointOrder.map(JointName.standard)
        var columnOf: [String: String] = [:]
        for (name, spelling) in zip(jointOrder, standard) {
            if let other = columnOf[spelling] {
                throw fail(headerLine, "'\(other)' and '\(name)' name the same joint (\(spelling)); keep one of them")
            }
            columnOf[spelling] = name
        }
        let given = JointLayout(name: declared ?? "custom", joints: standard)
        let missing = LayoutMapping.missingRequiredJoints(of: given)
        if let declared, let known = JointLayout.named(declared) {
            let foreign = zip(jointOrder, standard).filter { known.index(ofStandard: $0.1) == nil }.map(\.0)
            guard foreign.isEmpty else {
                throw fail(headerLine, "header does not match layout=\(declared); unknown joints: \(foreign.joined(separator: ", "))")
            }
            guard missing.isEmpty else {
                throw fail(headerLine, "header of layout=\(declared) lacks \(missing.joined(separator: ", ")); "
                           + "a skeleton needs both shoulders, elbows, wrists and hips")
            }
            return known
        }
        if let known = JointLayout.matching(jointNames: Set(jointOrder)) { return known }
        guard missing.isEmpty else {
            throw fail(headerLine, "the header's \(jointOrder.count) joints match no known layout "
                       + "(\(JointLayout.known.map(\.name).joined(separator: ", "))) and lack \(missing.joined(separator: ", ")); "
                       + "name the joints as a pose tool does (left_wrist, LWrist, wrist_left …) or add a first line `# layout=… units=…`")
        }
        return given
    }

    /// The components every joint carries; a joint with other columns than the first is refused.
    private static func commonComponents(_ jointOrder: [String], _ parsed: [(joint: String, component: Component)],
                                         fail: (String) -> DataFileError) throws -> Set<Component> {
        var componentsOf: [String: Set<Component>] = [:]
        for p in parsed { componentsOf[p.joint, default: []].insert(p.component) }
        let reference = componentsOf[jointOrder[0]]!
        for j in jointOrder where componentsOf[j]! != reference {
            throw fail("joint '\(j)' has other columns than '\(jointOrder[0])'; every joint needs the same _x/_y/_z/_c columns")
        }
        guard reference.contains(.x), reference.contains(.y) else { throw fail("joints need at least _x and _y columns") }
        if reference.contains(.wx) && !(reference.contains(.wy) && reference.contains(.wz)) {
            throw fail("world coordinates need all of _wx, _wy, _wz")
        }
        return reference
    }
}
