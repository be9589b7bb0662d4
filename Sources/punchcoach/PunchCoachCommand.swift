import ArgumentParser

@main
struct PunchCoachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "punchcoach",
        abstract: "A boxing coach for the terminal: pose → punch classifier → events → coach and history.",
        discussion: """
            Three uses: train a model on labelled clips (synth, train, evaluate), coach live from a webcam \
            or a video (coach, classify, extract), review workout history per punch (history).
            """,
        version: "0.1.0",
        subcommands: [
            SynthCommand.self, ExtractCommand.self, TrainCommand.self, EvaluateCommand.self,
            ClassifyCommand.self, CoachCommand.self, HistoryCommand.self, BenchCommand.self, TuneDetectorCommand.self,
            InputShiftCommand.self, AverageCommand.self,
            DebugStoreCommand.self,
        ]
    )
}
