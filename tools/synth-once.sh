# Sourced by the tools that draw synthetic data once and keep it for the next run (recipe-seeds, real-folds);
# needs `pc` (tools/punchcoach-binary.sh) and `tool`.
#   draw_data DIR SYNTH_OPTIONS…
# Generates DIR with `punchcoach synth SYNTH_OPTIONS…` unless it is there. It is written as DIR.partial and moved
# into place when whole, so an interrupted run leaves no half set to be taken for a whole one; a failure exits,
# naming synth's error.
draw_data() {
    local dir="$1"; shift
    [[ -d "$dir" ]] && return
    echo "$tool: synth $* → $dir…" >&2
    rm -rf "$dir.partial"
    "$pc" synth "$@" --out "$dir.partial" >/dev/null 2>"$dir.log" ||
        { rm -rf "$dir.partial"; echo "$tool: synth failed: $(tail -n 1 "$dir.log")" >&2; exit 1; }
    mv "$dir.partial" "$dir"
}
