import ArgumentParser

struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "train", abstract: "(being built)")

    func run() async throws { throw CLIError("'train' is not built yet") }
}
