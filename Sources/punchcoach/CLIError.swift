/// A failure the user can act on: printed as one line (`Error: …`) with a non-zero exit.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
