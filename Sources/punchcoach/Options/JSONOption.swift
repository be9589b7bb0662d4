import ArgumentParser

/// `--json`: a command's result as one JSON object on stdout (progress and notes stay on stderr).
struct JSONOption: ParsableArguments {
    @Flag(help: "Print one JSON object on stdout.") var json = false
}
