import Foundation
import PunchKit

/// Damage to a model file's JSON header that keeps it valid JSON: one field (a layer's size, the
/// window, a class list, a count) gets another value. Byte damage mostly breaks the JSON, which the
/// reader refuses early; this reaches the checks of what the fields say.
enum ModelHeaderEdit {
    private enum Step: CustomStringConvertible {
        case key(String), index(Int)
        var description: String {
            switch self {
            case .key(let k): k
            case .index(let i): "\(i)"
            }
        }
        var isStandardisation: Bool { if case .key(let k) = self { k == "mean" || k == "std" } else { false } }
    }

    nonisolated(unsafe) static let values: [Any] = [  // never mutated
        0, -1, 1, 2, 3, 7, 119, 121, 154, 4096, 1 << 31, 1 << 40, Int.max, Int.min, 0.5, 1e300, -0.0,
        "", "jab", "coco17", "coco17\n", "jab\u{2028}hook", NSNull(), [Any](), [String: Any](), ["jab", "jab"], ["jab\r"],
    ]

    /// `header`: the magic line and the JSON line, each with its "\n".
    static func edit(_ header: [UInt8], _ rng: inout SeededRandom) -> (bytes: [UInt8], steps: [String]) {
        let magicEnd = header.firstIndex(of: 10)! + 1
        guard let json = try? JSONSerialization.jsonObject(with: Data(header[magicEnd...])) else { return (header, ["not JSON"]) }
        let all = leaves(json, under: [])
        // The weights' standardisation is 308 of the leaves; favour the few that shape the network.
        let shaping = all.filter { !$0.contains(where: \.isStandardisation) }
        let path = rng.pick(rng.chance(0.8) ? shaping : all)
        let value = rng.pick(values)
        let edited = replacing(json, at: path[...], with: value)
        let data = (try? JSONSerialization.data(withJSONObject: edited, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
        let name = path.map(\.description).joined(separator: ".")
        return (Array(header[..<magicEnd]) + Array(data) + [10], ["header field \(name) → \("\(value)".oneLine)"])
    }

    /// Every path to a leaf (or an empty container) of a JSON value.
    private static func leaves(_ value: Any, under path: [Step]) -> [[Step]] {
        if let object = value as? [String: Any], !object.isEmpty {
            return object.keys.sorted().flatMap { leaves(object[$0]!, under: path + [.key($0)]) } + [path]
        }
        if let array = value as? [Any], !array.isEmpty {
            return array.indices.flatMap { leaves(array[$0], under: path + [.index($0)]) } + [path]
        }
        return [path]
    }

    private static func replacing(_ value: Any, at path: ArraySlice<Step>, with new: Any) -> Any {
        guard let step = path.first else { return new }
        switch step {
        case .key(let k):
            var object = value as! [String: Any]
            object[k] = replacing(object[k]!, at: path.dropFirst(), with: new)
            return object
        case .index(let i):
            var array = value as! [Any]
            array[i] = replacing(array[i], at: path.dropFirst(), with: new)
            return array
        }
    }
}
