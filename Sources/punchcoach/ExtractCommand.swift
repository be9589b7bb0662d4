import ArgumentParser

struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extract", abstract: "(being built)")

    func run() async throws { throw CLIError("'extract' is not built yet") }
}
