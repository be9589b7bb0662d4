/// The words other people's data use for what the model's classes are, beyond their spelling: the
/// vocabulary `TruthLabelReading` reads a label's words with.
///
/// Where the words come from: boxing's own names (a guard, an upper cut, a back fist, a slip), the label
/// sets of public data (BoxingVI writes `Lead Hook` and `Rear Uppercut`, cs229 `straight`, PRECOG's kicks,
/// back fists and elbow strikes are this project's `idle`), and the negatives of action-detection data
/// (`background`, `none`, `negative`, `no_punch`). Each word is read by what the model's classes mean
/// (`PunchLabel`): `stance` is in guard and not punching, `idle` is anything else that is not a punch
/// (hands down, walking, stretching, kicks).
enum LabelVocabulary {
    /// What a label's words say.
    enum Meaning: Equatable {
        /// One of the model's classes.
        case label(String)
        /// A family of classes the data does not split (`straight`, `punch`).
        case family(String)
        /// Something that is not a punch, without saying whether the hands were up: a guard held or not.
        case notAPunch
    }

    /// Words that say which hand, which side or where a punch went, not which punch: `lead_hook` is a
    /// hook, `body jab` a jab, `southpaw_jab` a jab (the model's hand is its own output, not its class).
    static let sideWords: Set<String> = ["lead", "rear", "left", "right", "body", "head", "orthodox", "southpaw"]
    /// Words that add nothing to which punch: `straight punch`, `hook shot`, `punch to the head`.
    static let fillerWords: Set<String> = ["punch", "punches", "shot", "strike", "blow", "to", "the", "a", "at", "of"]
    /// Other names of a class, said as the words left once side and filler words are gone.
    static let synonyms: [String: String] = [
        "upper": "uppercut",
        "jab_jab": "double_jab",
        "guard": "stance", "on_guard": "stance", "in_guard": "stance", "guard_up": "stance", "high_guard": "stance",
        "low_guard": "stance", "ready": "stance", "ready_position": "stance", "guard_position": "stance",
        "fighting_stance": "stance", "boxing_stance": "stance",
    ]
    /// Words that name what the model calls `idle` when one of them is among a label's words
    /// (`front_kick`, `walking`, `elbow strike`): a kick, a step away, an arm flung, which is no punch
    /// and no guard.
    static let idleWords: Set<String> = [
        "idle", "kick", "kicks", "kicking", "walk", "walking", "stretch", "stretching", "backfist", "elbow", "knee",
    ]
    /// Whole labels that name `idle` in more than one word.
    static let idlePhrases: Set<String> = ["hands_down", "arms_down", "back_fist"]
    /// Words that, when they are all a label says, name no punch: the negatives of detection data and the
    /// moves of defence. Whether the hands were up is not said, so such a label is either background class.
    static let notAPunchWords: Set<String> = [
        "none", "no", "non", "not", "nothing", "null", "background", "negative", "other", "others", "rest", "resting",
        "block", "blocking", "slip", "slipping", "duck", "ducking", "parry", "parrying", "bob", "weave", "weaving",
        "clinch", "feint", "dodge", "defence", "defense", "defensive", "footwork", "step", "stepping",
    ]

    /// What `words` (a label's, lower case) mean against the model's `classes` and the `families` it can
    /// score; nil when they are none of these.
    static func meaning(of words: [String], classes: Set<String>, families: Set<String>) -> Meaning? {
        func asClass(_ w: [String]) -> String? {
            let spelt = w.joined(separator: "_"), compact = w.joined()
            if classes.contains(spelt) { return spelt }
            if let c = classes.first(where: { $0.replacingOccurrences(of: "_", with: "") == compact }) { return c }
            if let c = synonyms[spelt], classes.contains(c) { return c }
            return nil
        }
        if let c = asClass(words) { return .label(c) }
        let core = words.filter { !sideWords.contains($0) && !fillerWords.contains($0) }
        if core.isEmpty {
            return words.contains(where: fillerWords.contains) && families.contains("punch") ? .family("punch") : nil
        }
        if let c = asClass(core) { return .label(c) }
        let spelt = core.joined(separator: "_")
        if families.contains(spelt) { return .family(spelt) }
        if classes.contains("idle"), idlePhrases.contains(spelt) || core.contains(where: idleWords.contains) { return .label("idle") }
        if core.allSatisfy(notAPunchWords.contains) { return .notAPunch }
        return nil
    }
}
