import ArgumentParser
import PunchKit

/// `--stance orthodox|southpaw|auto`.
enum StanceOption: String, ExpressibleByArgument, CaseIterable {
    case orthodox, southpaw, auto
    var fixed: Stance? { self == .auto ? nil : Stance(rawValue: rawValue) }
}

/// `--stance`: the boxer's stance when the input does not say (evaluate, classify, coach).
struct StanceOptions: ParsableArguments {
    @Option(help: "Stance of the boxer when the input does not say (a skeleton CSV's stance=): orthodox, southpaw, or auto (read from the body).")
    var stance: StanceOption = .auto

    /// The stance given, nil for auto.
    var fixed: Stance? { stance.fixed }
}
