import ArgumentParser

struct SynthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "synth", abstract: "(being built)")

    func run() async throws { throw CLIError("'synth' is not built yet") }
}
