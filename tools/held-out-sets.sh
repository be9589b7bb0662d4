# Sourced by the tools that read a model on issue 12's held-out synthetic material (benchmarks, must-shows,
# training-ablation); needs `pc` (tools/punchcoach-binary.sh) and `tool`, and sources draw_data (tools/synth-once.sh).
#   draw_held_out_sets OUT    OUT/synth-test (T: seed 12, s101-s120, 100 clips a class, 10 rounds of s121-s130),
#                             OUT/synth-test-{2,3,4} (20 other unseen people each, clips only: seeds 13, 13, 14 from
#                             s201, s301, s401; the four pooled are the 80 people), OUT/synth-rounds (seed 777:
#                             10 rounds of s903-s904, one a southpaw filmed at -57°, the rounds issue 12 names)
#   vtest_skeleton OUT        OUT/vtest.csv: the skeletons of opencv-doc's vtest.avi (79 s of people walking, so
#                             any punch event there is false), extracted once
# s201-s220 share names with the training set's s121-s240 but not its people (those are seed 11's).
source "$(dirname "${BASH_SOURCE[0]}")/synth-once.sh"

draw_held_out_sets() {
    local out="$1"
    draw_data "$out/synth-test" --clips-per-class 100 --subjects 20 --first-subject 101 --rounds 10 --round-seconds 60 --seed 12
    local k seed first more=(13:201 13:301 14:401)
    for k in "${!more[@]}"; do
        IFS=: read -r seed first <<<"${more[$k]}"
        draw_data "$out/synth-test-$((k + 2))" --clips-per-class 100 --subjects 20 --first-subject "$first" --rounds 0 --seed "$seed"
    done
    draw_data "$out/synth-rounds" --clips-per-class 1 --subjects 2 --first-subject 901 --rounds 10 --round-seconds 60 --seed 777
}

vtest_skeleton() {
    local out="$1" video=/usr/share/doc/opencv-doc/examples/data/vtest.avi
    [[ -f "$out/vtest.csv" ]] && return
    if [[ ! -f "$video" ]]; then
        [[ -f "$video.gz" ]] || { echo "$tool: $video not found; apt-get install opencv-doc" >&2; exit 1; }
        gunzip -c "$video.gz" > "$out/vtest.avi"
        video="$out/vtest.avi"
    fi
    "$pc" extract "$video" --out "$out/vtest.csv.partial" >/dev/null 2>"$out/vtest.log" ||
        { echo "$tool: extracting $video failed: $(tail -n 1 "$out/vtest.log")" >&2; exit 1; }
    mv "$out/vtest.csv.partial" "$out/vtest.csv"
}
