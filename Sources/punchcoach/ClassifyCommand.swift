import ArgumentParser

struct ClassifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "classify", abstract: "(being built)")

    func run() async throws { throw CLIError("'classify' is not built yet") }
}
