# Sourced by tools/real-eval and tools/real-folds: the real sets of ../shared/datasets and how each is read
# (its README says how: cs229 through its coarse index with `straight` = jab or cross, boxingvi by punch family
# because its lead/rear side is unreliable, precog twice).
# name | folder in DATASETS_DIR | evaluate options | what is scored
REAL_SETS=(
    "coachme-bx|coachme-bx||clips: jab, cross (3D, HybrIK)"
    "precog-clips|precog-dev/clips||clips: jab, cross, idle (kicks and standing; 3D Kinect)"
    "precog-sequences|precog-dev/sequences||events: jab, cross in whole sequences with kicks, back fists, elbows"
    "webcam-dev|webcam-dev||events: jab, cross, hooks in a real webcam video (extracted once, cached)"
    "boxingform-dev|boxingform-dev||clips: jab, stance, idle (2D MediaPipe, ~1 s clips)"
    "boxingvi-dev|boxingvi-dev|--merge straight=jab,double_jab,cross|clips: families straight, hook, uppercut (2D)"
    "cs229-dev|cs229-dev|--index index_coarse.csv --merge straight=jab,double_jab,cross|clips: straight, hook, stance (2D broadcast)"
    "shadowboxer-hooks-dev|shadowboxer-hooks-dev||clips: hook recall (2D, weak labels)"
)
