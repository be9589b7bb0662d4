import ArgumentParser
import PoseVision
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

    /// The stance for a live source, as `--stance` says (and `evaluate` does for each clip): the input's own
    /// word first (a skeleton CSV's `stance=`), then the option; nil reads it from the body.
    func stance(for source: PoseSource) -> Stance? { source.declaredStance ?? fixed }
}
