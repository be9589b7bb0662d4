import PunchKit

/// Why a model file was refused: one line naming the file and what to do.
public enum ModelError: Error, CustomStringConvertible, Equatable {
    case unreadable(String, String)
    case unwritable(String, String)
    case foreign(String)
    case newer(String, format: Int)
    case truncated(String, have: Int, need: Int)
    case corrupted(String, String)
    case incompatible(String, String)

    /// One line, whatever the header quotes (a class, a layout) holds.
    public var description: String { text.oneLine }

    private var text: String {
        switch self {
        case .unreadable(let f, let why): return "\(f): cannot read the model (\(why)); check the path"
        case .unwritable(let f, let why): return "\(f): cannot write the model (\(why)); check the folder exists and is writable"
        case .foreign(let f): return "\(f): not a PunchCoach model file; pass a file written by `punchcoach train`"
        case .newer(let f, let v):
            return "\(f): model format v\(v) is newer than this PunchCoach reads (v\(ModelHeader.currentFormat)); update PunchCoach"
        case .truncated(let f, let have, let need):
            return "\(f): truncated model file (\(have) of \(need) weight bytes); copy or train it again"
        case .corrupted(let f, let why): return "\(f): corrupted model file (\(why)); copy or train it again"
        case .incompatible(let f, let why): return "\(f): \(why)"
        }
    }
}
