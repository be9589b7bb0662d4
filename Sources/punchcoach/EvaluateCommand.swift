import ArgumentParser

struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "evaluate", abstract: "(being built)")

    func run() async throws { throw CLIError("'evaluate' is not built yet") }
}
