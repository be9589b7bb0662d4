import ArgumentParser

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(being built)")

    func run() async throws { throw CLIError("'bench' is not built yet") }
}
