import ArgumentParser

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "(being built)")

    func run() async throws { throw CLIError("'history' is not built yet") }
}
