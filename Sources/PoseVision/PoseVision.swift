// PoseVision: see README, "Architecture".
