import ArgumentParser
import CoachStore

/// `--db FILE`: the history database of the coach and of `history`.
struct DatabaseOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The history database (default: $XDG_DATA_HOME/punchcoach/history.sqlite, else ~/.local/share/punchcoach/history.sqlite).",
        valueName: "FILE"))
    var db: String?

    /// The file given, else the default one.
    var path: String { db ?? HistoryStore.defaultPath() }
}
