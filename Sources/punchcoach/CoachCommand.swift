import ArgumentParser

struct CoachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coach", abstract: "(being built)")

    func run() async throws { throw CLIError("'coach' is not built yet") }
}
